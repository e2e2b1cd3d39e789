/** Why "Create new chart" is disabled, or null once both a dataset and a chart type are chosen. */
export function missingChoice(hasDataset: boolean, hasVizType: boolean): string | null {
  if (!hasDataset && !hasVizType) return 'Choose a dataset and a chart type to continue';
  if (!hasDataset) return 'Choose a dataset to continue';
  if (!hasVizType) return 'Choose a chart type to continue';
  return null;
}
