import { Tooltip } from 'antd';
import { SafetyCertificateFilled } from '@ant-design/icons';

/** Shown when `certified_by` is set (spec §5: certification details only count with a certifier). */
export function CertifiedBadge({ certifiedBy, details }: { certifiedBy: string | null; details: string | null }) {
  if (!certifiedBy) return null;
  return (
    <Tooltip
      title={
        <>
          <div>Certified by {certifiedBy}</div>
          {details ? <div>{details}</div> : null}
        </>
      }
    >
      <SafetyCertificateFilled aria-label={`Certified by ${certifiedBy}`} style={{ color: '#20a7c9' }} data-test="certified-badge" />
    </Tooltip>
  );
}
