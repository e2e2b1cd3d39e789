import { Link } from 'react-router';
import type { MenuProps } from 'antd';
import { ROUTES } from '../../../routes';
import { canOpenSection, type CanCheck } from './sectionPermissions';
import {
  AuditOutlined,
  BarChartOutlined,
  ConsoleSqlOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  HistoryOutlined,
  LockOutlined,
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

/** Main sections the user may open; keys are the routes so the current one can be highlighted. */
export function buildMainNavItems(can: CanCheck): MenuItem[] {
  const allowed = (route: string) => canOpenSection(can, route);
  const sqlPages = [
    { key: ROUTES.savedQueries, icon: <SaveOutlined />, label: <Link to={ROUTES.savedQueries}>Saved queries</Link> },
    { key: ROUTES.queryHistory, icon: <HistoryOutlined />, label: <Link to={ROUTES.queryHistory}>Query history</Link> },
  ].filter((item) => allowed(item.key));
  const sql: MenuItem[] =
    allowed(ROUTES.sqlLab) || sqlPages.length > 0
      ? [
          {
            // The title itself is the SQL Lab link (a menuitem named "SQL Lab"); the popup holds the other SQL pages.
            key: 'sql',
            icon: <ConsoleSqlOutlined />,
            // antd colours links inside menu items, not inside a submenu title: inherit, so it reads like its neighbours.
            label: allowed(ROUTES.sqlLab) ? (
              <Link to={ROUTES.sqlLab} style={{ color: 'inherit' }}>
                SQL Lab
              </Link>
            ) : (
              'SQL'
            ),
            children: sqlPages,
          },
        ]
      : [];
  const sections: MenuItem[] = [
    { key: ROUTES.charts, icon: <BarChartOutlined />, label: <Link to={ROUTES.charts}>Charts</Link> },
    { key: ROUTES.dashboards, icon: <DashboardOutlined />, label: <Link to={ROUTES.dashboards}>Dashboards</Link> },
    { key: ROUTES.datasets, icon: <TableOutlined />, label: <Link to={ROUTES.datasets}>Datasets</Link> },
    { key: ROUTES.databases, icon: <DatabaseOutlined />, label: <Link to={ROUTES.databases}>Databases</Link> },
  ].filter((item) => allowed(item.key));
  return [...sql, ...sections];
}

export interface SettingsNavOptions {
  isAdmin: boolean;
  can: CanCheck;
  themeMode: 'light' | 'dark';
  username?: string;
}

/** Settings dropdown: security pages for admins only, theme toggle, user info, logout. */
export function buildSettingsItems({ isAdmin, can, themeMode, username }: SettingsNavOptions): MenuItem[] {
  const security: MenuItem[] = isAdmin
    ? [
        {
          type: 'group',
          key: 'security',
          label: 'Security',
          children: [
            { key: ROUTES.users, icon: <TeamOutlined />, label: <Link to={ROUTES.users}>Users</Link> },
            { key: ROUTES.roles, icon: <SafetyOutlined />, label: <Link to={ROUTES.roles}>Roles</Link> },
            { key: ROUTES.auditLog, icon: <AuditOutlined />, label: <Link to={ROUTES.auditLog}>Audit log</Link> },
            // Where Superset lists it: Settings > Security > Row Level Security.
            { key: ROUTES.rowLevelSecurity, icon: <LockOutlined />, label: <Link to={ROUTES.rowLevelSecurity}>Row Level Security</Link> },
          ],
        },
        { type: 'divider', key: 'security-divider' },
      ]
    : [];
  const manage: MenuItem[] = canOpenSection(can, ROUTES.annotationLayers)
    ? [
        {
          type: 'group',
          key: 'manage',
          label: 'Manage',
          children: [
            { key: ROUTES.annotationLayers, icon: <TagsOutlined />, label: <Link to={ROUTES.annotationLayers}>Annotation layers</Link> },
          ],
        },
        { type: 'divider', key: 'manage-divider' },
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
        ...manage,
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
