export { LoginForm } from './components/LoginForm';
export { RequireAuth } from './components/RequireAuth';
export { AdminOnly } from './components/AdminOnly';
export { useCurrentUser, toPrincipal, type CurrentUser } from './hooks/useCurrentUser';
export { safeNextPath, loginPathFor } from './utils/loginRedirect';
