import { useEffect, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import { useThemeMode } from '../hooks/useThemeMode';

const BRAND = '#20a7c9';
const SHARED_TOKENS = { colorPrimary: BRAND, colorInfo: BRAND, colorLink: BRAND, borderRadius: 6, fontSize: 14 };

/** antd theme (light or dark algorithm) for everything below; also sets the page's color-scheme. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const { mode } = useThemeMode();

  useEffect(() => {
    document.documentElement.dataset.theme = mode;
    document.documentElement.style.colorScheme = mode;
  }, [mode]);

  return (
    <ConfigProvider
      theme={{
        algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
        token: SHARED_TOKENS,
      }}
    >
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}
