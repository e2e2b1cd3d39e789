export { SavedQueryList } from './components/SavedQueryList';
export { savedQuerySqlLabPath, savedQueryShareUrl } from './utils/savedQueryLinks';
