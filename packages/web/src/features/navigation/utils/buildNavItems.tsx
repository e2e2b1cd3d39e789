import { Link } from 'react-router';
import type { MenuProps } from 'antd';
import { ROUTES } from '../../../routes';
import {
  BarChartOutlined,
  ConsoleSqlOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  HistoryOutlined,
  LogoutOutlined,
  MoonOutlined,
  SafetyOutlined,
  SaveOutlined,
  SettingOutlined,
  SunOutlined,
  TableOutlined,
  TagsOutlined,
  TeamOutlined,
  UserOutlined,
} from '../../../ui/icons';

type MenuItem = Required<MenuProps>['items'][number];

export const THEME_TOGGLE_KEY = 'theme-toggle';

/** Main sections; keys are the routes so the current one can be highlighted. */
export function buildMainNavItems(): MenuItem[] {
  return [
    {
      // The title itself is the SQL Lab link (a menuitem named "SQL Lab"); the popup holds the other SQL pages.
      key: 'sql',
      icon: <ConsoleSqlOutlined />,
      // antd colours links inside menu items, not inside a submenu title: inherit, so it reads like its neighbours.
      label: (
        <Link to={ROUTES.sqlLab} style={{ color: 'inherit' }}>
          SQL Lab
        </Link>
      ),
      children: [
        { key: ROUTES.savedQueries, icon: <SaveOutlined />, label: <Link to={ROUTES.savedQueries}>Saved queries</Link> },
        { key: ROUTES.queryHistory, icon: <HistoryOutlined />, label: <Link to={ROUTES.queryHistory}>Query history</Link> },
      ],
    },
    { key: ROUTES.charts, icon: <BarChartOutlined />, label: <Link to={ROUTES.charts}>Charts</Link> },
    { key: ROUTES.dashboards, icon: <DashboardOutlined />, label: <Link to={ROUTES.dashboards}>Dashboards</Link> },
    { key: ROUTES.datasets, icon: <TableOutlined />, label: <Link to={ROUTES.datasets}>Datasets</Link> },
    { key: ROUTES.databases, icon: <DatabaseOutlined />, label: <Link to={ROUTES.databases}>Databases</Link> },
  ];
}

export interface SettingsNavOptions {
  isAdmin: boolean;
  themeMode: 'light' | 'dark';
  username?: string;
}

/** Settings dropdown: security pages for admins only, theme toggle, user info, logout. */
export function buildSettingsItems({ isAdmin, themeMode, username }: SettingsNavOptions): MenuItem[] {
  const security: MenuItem[] = isAdmin
    ? [
        {
          type: 'group',
          key: 'security',
          label: 'Security',
          children: [
            { key: ROUTES.users, icon: <TeamOutlined />, label: <Link to={ROUTES.users}>Users</Link> },
            { key: ROUTES.roles, icon: <SafetyOutlined />, label: <Link to={ROUTES.roles}>Roles</Link> },
          ],
        },
        { type: 'divider', key: 'security-divider' },
      ]
    : [];
  return [
    {
      key: 'settings',
      icon: <SettingOutlined />,
      label: 'Settings',
      popupClassName: 'tessera-settings-menu',
      children: [
        ...security,
        {
          type: 'group',
          key: 'manage',
          label: 'Manage',
          children: [
            { key: ROUTES.annotationLayers, icon: <TagsOutlined />, label: <Link to={ROUTES.annotationLayers}>Annotation layers</Link> },
          ],
        },
        { type: 'divider', key: 'manage-divider' },
        {
          type: 'group',
          key: 'appearance',
          label: 'Appearance',
          children: [
            {
              key: THEME_TOGGLE_KEY,
              icon: themeMode === 'dark' ? <SunOutlined /> : <MoonOutlined />,
              label: themeMode === 'dark' ? 'Light theme' : 'Dark theme',
            },
          ],
        },
        { type: 'divider', key: 'user-divider' },
        {
          type: 'group',
          key: 'user',
          label: username ?? 'User',
          children: [
            { key: ROUTES.userInfo, icon: <UserOutlined />, label: <Link to={ROUTES.userInfo}>Info</Link> },
            { key: ROUTES.logout, icon: <LogoutOutlined />, label: <a href={ROUTES.logout}>Logout</a> },
          ],
        },
      ],
    },
  ];
}
