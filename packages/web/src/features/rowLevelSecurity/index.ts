export { RowLevelSecurityList } from './components/RowLevelSecurityList';
