import type { FormData } from '@tessera/core';
import type { ControlConfig, ExploreDatasource } from '../../../viz/types';

/** What every control component receives. */
export interface ControlProps<V = unknown> {
  control: ControlConfig;
  value: V;
  onChange: (value: V) => void;
  datasource: ExploreDatasource | null;
  formData: FormData;
}

/** antd options from a control's `[value, label]` choices. */
export const optionsOf = (control: ControlConfig) =>
  (control.choices ?? []).map(([value, label]) => ({ value: value as string | number, label }));
