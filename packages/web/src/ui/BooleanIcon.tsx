import { CheckOutlined, MinusOutlined } from './icons';

/** A check for true, a dash for false (boolean columns of lists). */
export function BooleanIcon({ value, label }: { value: boolean | null | undefined; label: string }) {
  return value ? <CheckOutlined aria-label={`${label}: yes`} /> : <MinusOutlined aria-label={`${label}: no`} style={{ opacity: 0.45 }} />;
}
