import { Suspense } from 'react';
import { Outlet, useSearchParams } from 'react-router';
import { Layout, theme } from 'antd';
import { DASHBOARD_UI_CONFIG_BITS, isStandaloneParam } from '@tessera/core';
import { TopNav } from '../features/navigation';
import { ToastContainer } from '../features/toasts';
import { PageFallback } from './PageFallback';

/** The shell: top navigation, the page, toasts; with `?standalone=1` the page alone (Superset's standalone views). */
export function AppLayout() {
  const { token } = theme.useToken();
  const [params] = useSearchParams();
  // A dashboard's `uiConfig` bit 4 hides the navigation too (spec §2).
  const hideNavBit = (Number(params.get('uiConfig')) & DASHBOARD_UI_CONFIG_BITS.hideNav) !== 0;
  if (isStandaloneParam(params.get('standalone')) || hideNavBit) {
    return (
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    );
  }
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          position: 'sticky',
          top: 0,
          zIndex: 10,
          display: 'flex',
          alignItems: 'center',
          gap: 16,
          paddingInline: 16,
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <TopNav />
      </Layout.Header>
      <Layout.Content style={{ padding: 'clamp(12px, 3vw, 24px)', width: '100%', maxWidth: 1600, margin: '0 auto' }}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
      <ToastContainer />
    </Layout>
  );
}
