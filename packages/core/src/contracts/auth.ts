import { z } from 'zod';

export const loginRequestSchema = z.object({
  username: z.string().min(1, 'Missing data for required field.'),
  password: z.string().min(1, 'Missing data for required field.'),
  provider: z.enum(['db', 'ldap']).default('db'),
  refresh: z.boolean().default(false),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export interface LoginResponse {
  access_token: string;
  refresh_token?: string;
}

export interface MeResult {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  is_active: boolean;
  is_anonymous: boolean;
  login_count: number;
}

/** `GET /api/v1/me/roles/`: roles with their permission/view pairs, Superset's bootstrap shape. */
export interface MeRolesResult {
  user_id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  is_active: boolean;
  is_anonymous: boolean;
  roles: Record<string, [string, string][]>;
  permissions: { database_access: string[]; datasource_access: string[] };
}

/** Every field a user POST/PUT accepts, without defaults: `.partial()` keeps a default, so an update would reset what it left out. */
const userShape = {
  username: z.string().min(1).max(64),
  first_name: z.string().max(64),
  last_name: z.string().max(64),
  email: z.string().email('Not a valid email address.'),
  active: z.boolean(),
  // Length and strength are the password policy's (core/security/passwordPolicy.ts), with the server's settings.
  password: z.string().min(1, 'Missing data for required field.'),
  roles: z.array(z.number().int()),
};
export const userWriteSchema = z.object({
  ...userShape,
  first_name: userShape.first_name.default(''),
  last_name: userShape.last_name.default(''),
  active: userShape.active.default(true),
  password: userShape.password.optional(),
  roles: userShape.roles.default([]),
});
export type UserWrite = z.infer<typeof userWriteSchema>;
/** A partial update: fields left out keep their stored values. */
export const userUpdateSchema = z.object(userShape).partial();
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export interface UserRecord {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  active: boolean;
  login_count: number;
  last_login: string | null;
  created_on: string;
  changed_on: string;
  roles: { id: number; name: string }[];
}

export const roleWriteSchema = z.object({ name: z.string().min(1).max(64) });
export type RoleWrite = z.infer<typeof roleWriteSchema>;

export const rolePermissionsWriteSchema = z.object({
  permission_view_menu_ids: z.array(z.number().int()),
});

export interface RoleRecord {
  id: number;
  name: string;
  user_count: number;
  permission_count: number;
}

export interface PermissionViewRecord {
  id: number;
  permission_name: string;
  view_menu_name: string;
}
