import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, Menu, Tooltip, Typography, type MenuProps } from 'antd';
import { ROUTES } from '../../../routes';
import { AppstoreOutlined, MoonOutlined, SunOutlined } from '../../../ui/icons';
import { useCurrentUser, usePermissions } from '../../auth';
import { useThemeMode } from '../../theme';
import { buildMainNavItems, buildSettingsItems, THEME_TOGGLE_KEY } from '../utils/buildNavItems';

/** The top navigation bar of the shell. */
export function TopNav() {
  const { pathname } = useLocation();
  const { isAdmin, user } = useCurrentUser();
  const { can } = usePermissions();
  const { mode, toggle } = useThemeMode();

  // Sections the user may not open stay hidden (until the roles load, only the always-open entries show).
  const mainItems = useMemo(() => buildMainNavItems(can), [can]);
  const settingsItems = useMemo(
    () => buildSettingsItems({ isAdmin, can, themeMode: mode, ...(user ? { username: user.username } : {}) }),
    [isAdmin, can, mode, user],
  );
  const selectedKeys = [pathname.endsWith('/') ? pathname : `${pathname}/`];

  const onSettingsClick: MenuProps['onClick'] = ({ key }) => {
    if (key === THEME_TOGGLE_KEY) toggle();
  };
  const nextTheme = mode === 'dark' ? 'light' : 'dark';

  return (
    <>
      <Link to={ROUTES.welcome} aria-label="Tessera home" style={{ display: 'flex', alignItems: 'center', gap: 8, flexShrink: 0 }}>
        <AppstoreOutlined style={{ fontSize: 22 }} />
        <Typography.Text strong style={{ fontSize: 18 }}>
          Tessera
        </Typography.Text>
      </Link>
      <nav aria-label="Main" style={{ flex: 1, minWidth: 0 }}>
        <Menu mode="horizontal" items={mainItems} selectedKeys={selectedKeys} style={{ borderBottom: 'none', background: 'transparent' }} />
      </nav>
      <Tooltip title={`Switch to ${nextTheme} theme`}>
        <Button
          type="text"
          shape="circle"
          aria-label={`Switch to ${nextTheme} theme`}
          data-test="theme-toggle"
          icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />}
          onClick={toggle}
        />
      </Tooltip>
      <Menu
        mode="horizontal"
        items={settingsItems}
        selectedKeys={selectedKeys}
        onClick={onSettingsClick}
        disabledOverflow
        forceSubMenuRender
        data-test="settings-menu"
        style={{ borderBottom: 'none', background: 'transparent', minWidth: 110, justifyContent: 'flex-end' }}
      />
    </>
  );
}
