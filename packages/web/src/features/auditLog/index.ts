export { AuditLogList } from './components/AuditLogList';
