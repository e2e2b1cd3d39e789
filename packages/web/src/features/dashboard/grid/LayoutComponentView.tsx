import { memo } from 'react';
import { ChartSlot } from './ChartSlot';
import { ColumnView } from './ColumnView';
import { DividerView } from './DividerView';
import { DynamicView } from './DynamicView';
import { HeaderView } from './HeaderView';
import { MarkdownView } from './MarkdownView';
import { RowView } from './RowView';
import { TabsView } from './TabsView';
import { useLayoutComponent } from './useLayoutComponent';

export interface LayoutComponentViewProps {
  id: string;
  /** Width in columns of the COLUMN this component is stacked in. */
  columnWidth?: number;
}

/** Draws one layout component by its type; memoised so a parent's redraw does not redraw unchanged children. */
export const LayoutComponentView = memo(function LayoutComponentView({ id, columnWidth }: LayoutComponentViewProps) {
  const component = useLayoutComponent(id);
  if (!component) return null;
  switch (component.type) {
    case 'ROW':
      return <RowView component={component} />;
    case 'COLUMN':
      return <ColumnView component={component} />;
    case 'CHART':
      return <ChartSlot component={component} columnWidth={columnWidth} />;
    case 'MARKDOWN':
      return <MarkdownView component={component} columnWidth={columnWidth} />;
    case 'HEADER':
      return <HeaderView component={component} />;
    case 'DIVIDER':
      return <DividerView component={component} />;
    case 'TABS':
      return <TabsView component={component} />;
    case 'DYNAMIC':
      return <DynamicView component={component} columnWidth={columnWidth} />;
    default:
      // ROOT, GRID and TAB are drawn by DashboardGrid and TabsView.
      return null;
  }
});
