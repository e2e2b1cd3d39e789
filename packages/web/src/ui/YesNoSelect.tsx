import { Select } from 'antd';

const YES_NO_OPTIONS = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

interface YesNoSelectProps {
  /** The filter's name: the placeholder, and the prefix of the picked value ("Certified: Yes"). */
  filter: string;
  ariaLabel: string;
  dataTest?: string;
  /** `null`: any. */
  value: boolean | null;
  onChange: (value: boolean | null) => void;
  minWidth?: number;
}

/**
 * How a list filter shows its picked value: "Certified: Yes", "Owner: Ada Admin". A bare "Yes" or a bare name
 * would not say which filter it belongs to.
 */
export const filterLabel =
  (filter: string) =>
  ({ label }: { label?: unknown }): string =>
    `${filter}: ${String(label ?? '')}`;

/**
 * A list filter's Yes/No select (Superset's Favorite and Certified filters). A picked "Yes" alone would not say
 * which filter it is, so the select shows it as "Certified: Yes".
 */
export function YesNoSelect({ filter, ariaLabel, dataTest, value, onChange, minWidth = 150 }: YesNoSelectProps) {
  return (
    <Select<string>
      allowClear
      placeholder={filter}
      aria-label={ariaLabel}
      data-test={dataTest}
      style={{ minWidth }}
      value={value === null ? undefined : String(value)}
      labelRender={filterLabel(filter)}
      onChange={(picked) => onChange(picked === undefined ? null : picked === 'true')}
      options={YES_NO_OPTIONS}
    />
  );
}

/** A yes/no flag kept in the address: anything but `true` or `false` means "any". */
export const yesNoParam = (raw: string | null): boolean | null => (raw === 'true' ? true : raw === 'false' ? false : null);
