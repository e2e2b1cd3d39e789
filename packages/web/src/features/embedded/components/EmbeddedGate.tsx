import { useEffect, useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Flex, Result, Spin, Typography } from 'antd';
import type { EmbeddedBootstrap } from '@tessera/core';
import { useHostGuestToken } from '../hooks/useHostGuestToken';
import { readEmbeddedBootstrap } from '../utils/readEmbeddedBootstrap';

/** `standalone=2`: no navigation and no title bar (its menus act as a signed-in user); uiConfig's bits still apply. */
const EMBEDDED_STANDALONE = '2';

export interface EmbeddedGateProps {
  /** What to draw once the guest token is here: the dashboard the server named. */
  children: (bootstrap: EmbeddedBootstrap) => ReactNode;
}

/**
 * Superset's embedded page, before the dashboard: reads what the server wrote into the page, waits for the guest
 * token the host hands over through the embedded SDK (nothing is fetched before), then draws `children`.
 */
export function EmbeddedGate({ children }: EmbeddedGateProps) {
  const bootstrap = useMemo(() => readEmbeddedBootstrap(), []);
  const ready = useHostGuestToken(bootstrap?.allowed_domains ?? null);
  const location = useLocation();
  const navigate = useNavigate();
  const standalone = new URLSearchParams(location.search).get('standalone');

  useEffect(() => {
    if (standalone === EMBEDDED_STANDALONE) return;
    const params = new URLSearchParams(location.search);
    params.set('standalone', EMBEDDED_STANDALONE);
    void navigate(`${location.pathname}?${params.toString()}${location.hash}`, { replace: true });
  }, [standalone, location.pathname, location.search, location.hash, navigate]);

  if (!bootstrap) return <Result status="404" title="This dashboard is not embedded" />;
  if (!ready || standalone !== EMBEDDED_STANDALONE) {
    return (
      <Flex vertical align="center" justify="center" gap={12} style={{ padding: 48 }} data-test="embedded-waiting">
        <Spin />
        <Typography.Text type="secondary">Waiting for the host application&apos;s guest token…</Typography.Text>
      </Flex>
    );
  }
  return (
    <div data-test="embedded-dashboard" style={{ padding: 16 }}>
      {children(bootstrap)}
    </div>
  );
}
