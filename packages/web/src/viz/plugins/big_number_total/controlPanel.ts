import { controls as c, customizeSection, querySection, timeSection } from '../../controlSets';
import type { ControlPanelConfig } from '../../types';

export const FONT_SIZE_CHOICES = [
  [0.2, 'Tiny'],
  [0.3, 'Small'],
  [0.4, 'Normal'],
  [0.5, 'Large'],
  [0.6, 'Huge'],
] as const;
export const SUBHEADER_FONT_SIZE_CHOICES = [
  [0.125, 'Tiny'],
  [0.15, 'Small'],
  [0.2, 'Normal'],
  [0.3, 'Large'],
  [0.4, 'Huge'],
] as const;

export const controlPanel: ControlPanelConfig = {
  sections: [
    querySection([[c.metric], [c.adhocFilters]]),
    timeSection(),
    customizeSection([
      [c.text('subheader', 'Subheader', '', { description: 'Description text that shows up below your Big Number.' })],
      [c.select('header_font_size', 'Big number font size', FONT_SIZE_CHOICES, 0.4, { renderTrigger: true })],
      [c.select('subheader_font_size', 'Subheader font size', SUBHEADER_FONT_SIZE_CHOICES, 0.15, { renderTrigger: true })],
      [c.yAxisFormat, c.currencyFormat],
      [c.timeFormat('time_format', 'Date format'), c.checkbox('force_timestamp_formatting', 'Force date format')],
      [c.conditionalFormatting],
    ]),
  ],
};
