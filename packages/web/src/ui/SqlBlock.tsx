import { theme } from 'antd';

export interface SqlBlockProps {
  sql: string;
  maxHeight?: number;
  dataTest?: string;
}

/** Read-only SQL text, monospaced and scrollable (preview modals). */
export function SqlBlock({ sql, maxHeight = 400, dataTest }: SqlBlockProps) {
  const { token } = theme.useToken();
  return (
    <pre
      data-test={dataTest}
      style={{
        margin: 0,
        padding: 12,
        maxHeight,
        overflow: 'auto',
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
        fontFamily: token.fontFamilyCode,
        fontSize: token.fontSizeSM,
        background: token.colorFillTertiary,
        borderRadius: token.borderRadius,
      }}
    >
      {sql}
    </pre>
  );
}
