/** SQL Lab opens a past query from this address (Superset's `/sqllab?queryId=<id>`). */
export function querySqlLabPath(id: number): string {
  return `/sqllab?queryId=${id}`;
}
