import type { IssueCode } from '@tessera/core';

const issueText = ({ code, message }: IssueCode) => (message.startsWith('Issue ') ? message : `Issue ${code} - ${message}`);

/** 'Issue NNNN - ...' lines that explain an error. */
export function IssueCodeList({ issueCodes }: { issueCodes: readonly IssueCode[] }) {
  if (issueCodes.length === 0) return null;
  return (
    <ul data-test="issue-codes" style={{ margin: '8px 0 0', paddingLeft: 20 }}>
      {issueCodes.map((issue) => (
        <li key={issue.code}>{issueText(issue)}</li>
      ))}
    </ul>
  );
}
