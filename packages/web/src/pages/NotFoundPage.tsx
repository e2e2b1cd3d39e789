import { useNavigate } from 'react-router';
import { Button, Result } from 'antd';
import { ROUTES } from '../routes';

/** Any unknown address inside the app. */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="Page not found"
      subTitle="Sorry, we cannot find the page you are looking for. You may have typed the address incorrectly or the page was moved."
      extra={
        <Button type="primary" onClick={() => void navigate(ROUTES.welcome)}>
          Back to home
        </Button>
      }
      data-test="not-found-page"
    />
  );
}
