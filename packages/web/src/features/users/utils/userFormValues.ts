import type { UserRecord, UserUpdate, UserWrite } from '@tessera/core';

export interface UserFormValues {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  password?: string;
  active: boolean;
  roles: number[];
}

export const USER_FIELDS = ['username', 'first_name', 'last_name', 'email', 'password', 'active', 'roles'] as const;

export function newUserValues(): UserFormValues {
  return { username: '', first_name: '', last_name: '', email: '', password: '', active: true, roles: [] };
}

export function userFormValues(user: UserRecord): UserFormValues {
  return {
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    active: user.active,
    roles: user.roles.map((role) => role.id),
  };
}

function common(values: UserFormValues) {
  return {
    username: values.username.trim(),
    first_name: (values.first_name ?? '').trim(),
    last_name: (values.last_name ?? '').trim(),
    email: values.email.trim(),
    active: values.active,
    roles: values.roles ?? [],
  };
}

/** `POST /api/v1/security/users/` body. */
export function buildUserCreate(values: UserFormValues): UserWrite {
  return { ...common(values), ...(values.password ? { password: values.password } : {}) };
}

/** `PUT /api/v1/security/users/{id}` body (the password is not changed here). */
export function buildUserUpdate(values: UserFormValues): UserUpdate {
  return common(values);
}
