/** SQL Lab opens a saved query from this address (Superset's `/sqllab?savedQueryId=<id>`). */
export function savedQuerySqlLabPath(id: number): string {
  return `/sqllab?savedQueryId=${id}`;
}

/** The absolute link shared by "Copy link". */
export function savedQueryShareUrl(id: number, origin: string = window.location.origin): string {
  return `${origin}${savedQuerySqlLabPath(id)}`;
}

/** "+ Query" opens a fresh SQL Lab tab, as Superset does. */
export const NEW_QUERY_PATH = '/sqllab?new=true';
