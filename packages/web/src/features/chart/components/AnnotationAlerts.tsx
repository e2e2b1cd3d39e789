import { useState } from 'react';
import { Alert } from 'antd';

interface AnnotationAlertsProps {
  /** Error text per failed annotation layer name. */
  errors: Record<string, string>;
  /** Over the top of a drawn chart (dismissible) rather than in the flow of an error view. */
  overlay?: boolean;
}

/**
 * Failed annotation layers as warnings on the chart: the chart itself still shows, since its data came back
 * (spec §4 annotation query failed). Callers key it by run, so a dismissed warning comes back with the next run.
 */
export function AnnotationAlerts({ errors, overlay = false }: AnnotationAlertsProps) {
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const failed = Object.entries(errors).filter(([name]) => !dismissed.has(name));
  if (failed.length === 0) return null;
  const style = overlay
    ? { position: 'absolute' as const, top: 4, left: 4, right: 4, zIndex: 2, display: 'flex', flexDirection: 'column' as const, gap: 4 }
    : { display: 'flex', flexDirection: 'column' as const, gap: 4, marginTop: 8 };
  return (
    <div style={style} data-test="annotation-alerts">
      {failed.map(([name, error]) => (
        <Alert
          key={name}
          type="warning"
          showIcon
          title={`Annotation layer "${name}" failed: ${error}`}
          {...(overlay ? { closable: { 'aria-label': `Dismiss ${name}` }, onClose: () => setDismissed((set) => new Set(set).add(name)) } : {})}
        />
      ))}
    </div>
  );
}
