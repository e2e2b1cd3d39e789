export { QueryHistoryList } from './components/QueryHistoryList';
export { querySqlLabPath } from './utils/queryLinks';
