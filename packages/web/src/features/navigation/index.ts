export { TopNav } from './components/TopNav';
export { buildMainNavItems, buildSettingsItems } from './utils/buildNavItems';
