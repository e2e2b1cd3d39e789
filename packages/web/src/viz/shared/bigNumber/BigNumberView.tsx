import type { ReactNode } from 'react';

export interface BigNumberViewProps {
  headerText: string;
  headerColor?: string;
  subheaderText?: string;
  /** Fractions of the chart height (Superset's header_font_size / subheader_font_size). */
  headerFontSize: number;
  subheaderFontSize: number;
  timestampText?: string;
  width: number;
  height: number;
  /** The trendline, drawn below the number when present. */
  children?: ReactNode;
  trendlineHeight?: number;
}

/** The big number block shared by both KPI charts. */
export function BigNumberView(props: BigNumberViewProps) {
  const { headerText, headerColor, subheaderText, headerFontSize, subheaderFontSize, timestampText, width, height, children, trendlineHeight = 0 } = props;
  const textHeight = height - trendlineHeight;
  return (
    <div style={{ width, height, display: 'flex', flexDirection: 'column', overflow: 'hidden' }} data-testid="big-number">
      <div style={{ height: textHeight, display: 'flex', flexDirection: 'column', justifyContent: 'center', alignItems: 'center', textAlign: 'center' }}>
        {timestampText && <div style={{ fontSize: Math.max(10, textHeight * 0.08), opacity: 0.6 }}>{timestampText}</div>}
        <div style={{ fontSize: Math.max(12, textHeight * headerFontSize), fontWeight: 600, lineHeight: 1.1, color: headerColor }} data-testid="big-number-header">
          {headerText}
        </div>
        {subheaderText && <div style={{ fontSize: Math.max(10, textHeight * subheaderFontSize), opacity: 0.75 }}>{subheaderText}</div>}
      </div>
      {children}
    </div>
  );
}
