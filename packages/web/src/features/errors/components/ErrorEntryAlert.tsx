import { Alert, Tag, Typography } from 'antd';
import type { ClientErrorEntry } from '../utils/clientErrorTypes';
import { flattenFieldMessages } from '../utils/flattenFieldMessages';
import { IssueCodeList } from './IssueCodeList';

const ALERT_TYPE = { error: 'error', warning: 'warning', info: 'info' } as const;

interface ErrorEntryAlertProps {
  entry: ClientErrorEntry;
  title?: string;
}

/**
 * The field messages of an invalid payload (`extra.messages`, nested as marshmallow writes them:
 * {"queries": {"0": {"row_limit": ["Must be ..."]}}}) as lines a user can act on: the field's own name, without
 * list indexes or the `queries` wrapper of chart data requests, and what is wrong with it.
 */
export function fieldMessageLines(messages: unknown): string[] {
  return Object.entries(flattenFieldMessages(messages)).map(([path, texts]) => {
    const field = path.split('.').filter((part) => !/^\d+$/.test(part) && part !== 'queries').join('.') || path;
    return `${field}: ${texts.join(' ')}`;
  });
}

/** An entry of `{errors: [...]}`: its message, error type and the issue codes that explain it. */
export function ErrorEntryAlert({ entry, title }: ErrorEntryAlertProps) {
  const issueCodes = entry.extra?.issue_codes ?? [];
  const link = typeof entry.extra?.link === 'string' ? entry.extra.link : undefined;
  const fields = fieldMessageLines(entry.extra?.messages);
  return (
    <Alert
      data-test="error-alert"
      type={ALERT_TYPE[entry.level ?? 'error']}
      showIcon
      title={title ?? entry.message}
      description={
        <div>
          {title ? <Typography.Paragraph style={{ marginBottom: 4 }}>{entry.message}</Typography.Paragraph> : null}
          {fields.length > 0 ? (
            <ul style={{ margin: '0 0 4px', paddingLeft: 18 }} data-test="error-field-messages">
              {fields.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
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
