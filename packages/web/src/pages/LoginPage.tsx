import { useNavigate, useSearchParams } from 'react-router';
import { Card, Flex, Layout, Typography } from 'antd';
import { LoginForm, safeNextPath } from '../features/auth';
import { ToastContainer } from '../features/toasts';
import { AppstoreOutlined } from '../ui/icons';

/** `/login/`: sign in, then go to `next` or the welcome page. */
export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Flex justify="center" align="center" style={{ minHeight: '100vh', padding: 16 }}>
        <Card style={{ width: 'min(400px, 100%)' }} data-test="login-page">
          <Flex vertical align="center" style={{ marginBottom: 24 }}>
            <AppstoreOutlined style={{ fontSize: 36 }} />
            <Typography.Title level={3} style={{ margin: '8px 0 0' }}>
              Sign in to Tessera
            </Typography.Title>
          </Flex>
          <LoginForm onSuccess={() => void navigate(next, { replace: true })} />
        </Card>
      </Flex>
      <ToastContainer />
    </Layout>
  );
}
