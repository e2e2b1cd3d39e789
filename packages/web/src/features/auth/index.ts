export { LoginForm } from './components/LoginForm';
export { RequireAuth } from './components/RequireAuth';
export { AdminOnly } from './components/AdminOnly';
export { RequirePermission } from './components/RequirePermission';
export { useCurrentUser, toPrincipal, type CurrentUser } from './hooks/useCurrentUser';
export { usePermissions, type Permissions } from './hooks/usePermissions';
export { safeNextPath, loginPathFor } from './utils/loginRedirect';
