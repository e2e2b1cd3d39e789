import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, Result } from 'antd';

/** Route-level error element: a failed page chunk or a render error inside a page. */
export function RouteErrorPage() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'An error occurred';
  return (
    <Result
      status="error"
      title="This page could not be displayed"
      subTitle={message}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      }
    />
  );
}
