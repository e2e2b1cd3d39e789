/** Color schemes offered by the explorer's scheme selects. Ids are the values stored in form data. */

export interface ColorScheme {
  id: string;
  label: string;
  colors: readonly string[];
}

export const CATEGORICAL_SCHEMES: readonly ColorScheme[] = [
  {
    id: 'supersetColors',
    label: 'Superset Colors',
    colors: ['#1FA8C9', '#454E7C', '#5AC189', '#FF7F44', '#666666', '#E04355', '#FCC700', '#A868B7', '#3CCCCB', '#A38F79', '#8FD3E4', '#A1A6BD', '#ACE1C4', '#FEC0A1', '#B2B2B2', '#EFA1AA', '#FDE380', '#D3B3DA', '#9EE5E5', '#D1C6BC'],
  },
  {
    id: 'd3Category10',
    label: 'D3 Category 10',
    colors: ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'],
  },
  {
    id: 'tesseraPastel',
    label: 'Pastel',
    colors: ['#8DD3C7', '#BEBADA', '#FB8072', '#80B1D3', '#FDB462', '#B3DE69', '#FCCDE5', '#BC80BD', '#CCEBC5', '#FFED6F'],
  },
  {
    id: 'tesseraBold',
    label: 'Bold',
    colors: ['#0B6E99', '#D9480F', '#2B8A3E', '#C2255C', '#5F3DC4', '#E67700', '#087F5B', '#862E9C', '#364FC7', '#A61E4D'],
  },
];

export const SEQUENTIAL_SCHEMES: readonly ColorScheme[] = [
  { id: 'superset_seq_1', label: 'Superset Sequential 1', colors: ['#E6F6FA', '#B4E4F0', '#7ACFE3', '#3FB8D5', '#1FA8C9', '#15809A', '#0C5A6D'] },
  { id: 'superset_seq_2', label: 'Superset Sequential 2', colors: ['#FFF1E9', '#FFD0B5', '#FFA97A', '#FF7F44', '#E2622A', '#B94617', '#8A300B'] },
  { id: 'blue_white_yellow', label: 'Blue / white / yellow', colors: ['#00008B', '#FFFFFF', '#FFD700'] },
  { id: 'red_yellow_blue', label: 'Red / yellow / blue', colors: ['#D73027', '#FC8D59', '#FEE090', '#FFFFBF', '#E0F3F8', '#91BFDB', '#4575B4'] },
  { id: 'greens', label: 'Greens', colors: ['#F7FCF5', '#C7E9C0', '#74C476', '#238B45', '#00441B'] },
  { id: 'purples', label: 'Purples', colors: ['#FCFBFD', '#DADAEB', '#9E9AC8', '#6A51A3', '#3F007D'] },
];

export const DEFAULT_CATEGORICAL_SCHEME = 'supersetColors';
export const DEFAULT_SEQUENTIAL_SCHEME = 'superset_seq_1';

export function getCategoricalScheme(id?: string | null): ColorScheme {
  return CATEGORICAL_SCHEMES.find((s) => s.id === id) ?? CATEGORICAL_SCHEMES[0]!;
}

export function getSequentialSchemeById(id?: string | null): ColorScheme {
  return SEQUENTIAL_SCHEMES.find((s) => s.id === id) ?? SEQUENTIAL_SCHEMES[0]!;
}
