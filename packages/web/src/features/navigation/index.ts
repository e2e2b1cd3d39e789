export { TopNav } from './components/TopNav';
export { buildMainNavItems, buildSettingsItems } from './utils/buildNavItems';
export { canOpenSection, type CanCheck } from './utils/sectionPermissions';
