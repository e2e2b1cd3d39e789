export { RoleList } from './components/RoleList';
