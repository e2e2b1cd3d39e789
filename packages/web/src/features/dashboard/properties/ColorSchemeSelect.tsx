import { Flex, Select } from 'antd';
import { CATEGORICAL_SCHEMES } from '../../../viz/colors';

/** The categorical colour schemes the explorer offers, with a strip of each scheme's first colours. */
export function ColorSchemeSelect({ value, onChange, style }: { value: string | null | undefined; onChange: (scheme: string | null) => void; style?: React.CSSProperties }) {
  return (
    <Select
      aria-label="Color scheme"
      allowClear
      placeholder="Select color scheme"
      style={style}
      value={value ?? undefined}
      onChange={(next: string | undefined) => onChange(next ?? null)}
      showSearch={{ optionFilterProp: 'label' }}
      data-test="dashboard-color-scheme-select"
      options={CATEGORICAL_SCHEMES.map((scheme) => ({
        value: scheme.id,
        label: scheme.label,
        colors: scheme.colors,
      }))}
      optionRender={(option) => (
        <Flex vertical gap={2}>
          <span>{option.label}</span>
          <Flex gap={1} aria-hidden>
            {(option.data.colors as readonly string[]).slice(0, 10).map((color) => (
              <span key={color} style={{ width: 12, height: 8, background: color }} />
            ))}
          </Flex>
        </Flex>
      )}
    />
  );
}
