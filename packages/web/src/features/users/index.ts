export { UserList } from './components/UserList';
export { UserModal } from './components/UserModal';
