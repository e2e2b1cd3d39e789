/** The shown tab of a TABS: the first of its tabs listed as active, else its first tab. */
export function activeTabOf(tabIds: string[], activeTabs: string[]): string | undefined {
  return tabIds.find((id) => activeTabs.includes(id)) ?? tabIds[0];
}

/** Active tabs after showing `tabId` of a TABS holding `tabIds`: it takes its sibling's place (outermost order kept). */
export function withActiveTab(activeTabs: string[], tabIds: string[], tabId: string): string[] {
  const index = activeTabs.findIndex((id) => tabIds.includes(id));
  const others = activeTabs.filter((id) => !tabIds.includes(id));
  if (index < 0) return [...others, tabId];
  const next = [...others];
  next.splice(Math.min(index, next.length), 0, tabId);
  return next;
}
