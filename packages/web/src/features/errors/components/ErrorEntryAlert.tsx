import { Alert, Tag, Typography } from 'antd';
import type { ClientErrorEntry } from '../utils/clientErrorTypes';
import { IssueCodeList } from './IssueCodeList';

const ALERT_TYPE = { error: 'error', warning: 'warning', info: 'info' } as const;

interface ErrorEntryAlertProps {
  entry: ClientErrorEntry;
  title?: string;
}

/** An entry of `{errors: [...]}`: its message, error type and the issue codes that explain it. */
export function ErrorEntryAlert({ entry, title }: ErrorEntryAlertProps) {
  const issueCodes = entry.extra?.issue_codes ?? [];
  const link = typeof entry.extra?.link === 'string' ? entry.extra.link : undefined;
  return (
    <Alert
      data-test="error-alert"
      type={ALERT_TYPE[entry.level ?? 'error']}
      showIcon
      title={title ?? entry.message}
      description={
        <div>
          {title ? <Typography.Paragraph style={{ marginBottom: 4 }}>{entry.message}</Typography.Paragraph> : null}
          <Tag data-test="error-type">{entry.error_type}</Tag>
          <IssueCodeList issueCodes={issueCodes} />
          {link ? (
            <Typography.Link href={link} target="_blank" rel="noopener noreferrer">
              See more
            </Typography.Link>
          ) : null}
        </div>
      }
    />
  );
}
