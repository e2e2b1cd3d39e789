import { useState } from 'react';
import { Alert, Button, Typography } from 'antd';
import { useCopyToClipboard } from '../hooks/useCopyToClipboard';

interface UnexpectedErrorProps {
  message: string;
  /** Stack trace or longer description, shown behind 'See more'. */
  details?: string;
  title?: string;
}

/** The warning box for an error of unknown shape: 'See more' / 'See less' and 'Copy message'. */
export function UnexpectedError({ message, details, title = 'Unexpected error' }: UnexpectedErrorProps) {
  const [expanded, setExpanded] = useState(false);
  const copy = useCopyToClipboard();
  const fullText = details ? `${message}\n\n${details}` : message;

  return (
    <Alert
      data-test="unexpected-error"
      type="warning"
      showIcon
      title={title}
      action={
        <Button size="small" onClick={() => void copy(fullText)}>
          Copy message
        </Button>
      }
      description={
        <div>
          <Typography.Paragraph style={{ marginBottom: 4 }}>{message}</Typography.Paragraph>
          {details ? (
            <>
              <Typography.Link onClick={() => setExpanded((value) => !value)}>{expanded ? 'See less' : 'See more'}</Typography.Link>
              {expanded ? (
                <pre style={{ whiteSpace: 'pre-wrap', maxHeight: 240, overflow: 'auto', marginTop: 8 }}>{details}</pre>
              ) : null}
            </>
          ) : null}
        </div>
      }
    />
  );
}
