import {
  BUILTIN_ROLES,
  DEFAULT_PASSWORD_POLICY,
  isAdmin,
  passwordProblems,
  type PasswordPolicy,
  type ListQuery,
  type Principal,
  type RoleGrant,
  type UserRecord,
  type UserUpdate,
  type UserWrite,
} from '@tessera/core';
import { badRequest, forbidden, notFound, unprocessable } from '../../app/httpErrors.js';
import { hashPassword } from '../auth/passwords.js';
import type { SecurityRepository } from './security.repository.js';
import type { UserRow, UsersRepository } from './users.repository.js';

export interface RequestPrincipal extends Principal {
  user: UserRow | null;
  /** 'guest': an embedded dashboard's guest (X-GuestToken); its `guest` scope says what it may reach. */
  via: 'session' | 'bearer' | 'anonymous' | 'guest';
  sessionId: string | null;
}

const GRANT_CACHE_MS = 5_000;

/** Roles, grants and user administration; the rules live here, storage in the repositories. */
export class SecurityService {
  private grantCache = new Map<string, { at: number; grants: RoleGrant[] }>();

  constructor(
    private readonly roles: SecurityRepository,
    private readonly users: UsersRepository,
    /** Applied whenever a password is set through the API (PASSWORD_MIN_LENGTH, PASSWORD_REQUIRE_CLASSES). */
    readonly passwordPolicy: PasswordPolicy = DEFAULT_PASSWORD_POLICY,
  ) {}

  /** Creates the built-in roles and adds any permission a newer version defines (never removes admin edits). */
  async syncBuiltinRoles(): Promise<void> {
    for (const [name, pairs] of Object.entries(BUILTIN_ROLES)) {
      const roleId = (await this.roles.findRoleByName(name))?.id ?? (await this.roles.createRole(name));
      for (const [perm, view] of pairs) {
        await this.roles.grant(roleId, await this.roles.ensurePermissionView(perm, view));
      }
    }
    this.grantCache.clear();
  }

  async grantsFor(userId: number | null): Promise<RoleGrant[]> {
    const key = userId === null ? 'anon' : String(userId);
    const cached = this.grantCache.get(key);
    if (cached && Date.now() - cached.at < GRANT_CACHE_MS) return cached.grants;
    let roleIds: number[];
    if (userId === null) {
      const pub = await this.roles.findRoleByName('Public');
      roleIds = pub ? [pub.id] : [];
    } else {
      roleIds = await this.users.roleIdsOf(userId);
    }
    const perms = await this.roles.permissionsOfRoles(roleIds);
    const grants = [...perms.values()].map((r) => ({ name: r.name, permissions: r.pairs }));
    this.grantCache.set(key, { at: Date.now(), grants });
    return grants;
  }

  /** The grants of one role, by name (a guest token's GUEST_ROLE_NAME); none when no role has that name. */
  async grantsOfRole(name: string): Promise<RoleGrant[]> {
    const role = await this.roles.findRoleByName(name);
    if (!role) return [];
    return [...(await this.roles.permissionsOfRoles([role.id])).values()].map((r) => ({ name: r.name, permissions: r.pairs }));
  }

  invalidateGrants(): void {
    this.grantCache.clear();
  }

  async principalFor(user: UserRow | null, via: RequestPrincipal['via'], sessionId: string | null): Promise<RequestPrincipal> {
    return { id: user?.id ?? null, user, via, sessionId, roles: await this.grantsFor(user?.id ?? null) };
  }

  /** Pairs of a data-access view are added when the object appears (e.g. `database_access` on a new database). */
  async registerPermission(permission: string, view: string): Promise<void> {
    await this.roles.ensurePermissionView(permission, view);
  }

  /** An object renamed (a dataset's table name): its data-access pairs follow, with every grant on them. */
  async renameView(permission: string, from: string, to: string): Promise<void> {
    if (!(await this.roles.renameView(from, to))) await this.registerPermission(permission, to);
    this.invalidateGrants();
  }

  async removeView(view: string): Promise<void> {
    await this.roles.deleteView(view);
    this.invalidateGrants();
  }

  // ---- users -------------------------------------------------------------

  listUsers(q: ListQuery) {
    return this.users.list(q);
  }

  async getUser(id: number): Promise<UserRecord> {
    const rec = await this.users.getRecord(id);
    if (!rec) throw notFound();
    return rec;
  }

  async createUser(input: UserWrite): Promise<UserRecord> {
    if (!input.password) throw badRequest({ password: ['Missing data for required field.'] });
    this.assertPasswordPolicy(input.password, input.username);
    await this.assertUnique(input.username, input.email, null);
    await this.assertRolesExist(input.roles);
    const id = await this.users.create({
      username: input.username,
      first_name: input.first_name,
      last_name: input.last_name,
      email: input.email,
      active: input.active ? 1 : 0,
      password_hash: await hashPassword(input.password),
    });
    await this.users.setRoles(id, input.roles);
    return this.getUser(id);
  }

  async updateUser(actor: RequestPrincipal, id: number, input: UserUpdate): Promise<UserRecord> {
    const existing = await this.users.findById(id);
    if (!existing) throw notFound();
    if (actor.id === id && input.active === false) throw unprocessable({ active: ['You cannot deactivate yourself.'] });
    if (input.password) this.assertPasswordPolicy(input.password, input.username ?? existing.username);
    await this.assertUnique(input.username, input.email, id);
    if (input.roles) await this.assertRolesExist(input.roles);
    const values: Partial<UserRow> = {};
    if (input.username !== undefined) values.username = input.username;
    if (input.first_name !== undefined) values.first_name = input.first_name;
    if (input.last_name !== undefined) values.last_name = input.last_name;
    if (input.email !== undefined) values.email = input.email;
    if (input.active !== undefined) values.active = input.active ? 1 : 0;
    if (input.password) values.password_hash = await hashPassword(input.password);
    await this.users.update(id, values);
    if (input.roles) await this.users.setRoles(id, input.roles);
    // A deactivated user or a new password ends every open session of that user.
    if (input.active === false || input.password) await this.users.deleteSessionsOf(id);
    this.invalidateGrants();
    return this.getUser(id);
  }

  async deleteUser(actor: RequestPrincipal, id: number): Promise<void> {
    if (!(await this.users.findById(id))) throw notFound();
    if (actor.id === id) throw unprocessable('You cannot delete yourself.');
    await this.users.delete(id);
    this.invalidateGrants();
  }

  /** A 400 with the policy's messages under `password` (the password itself is never echoed). */
  private assertPasswordPolicy(password: string, username: string): void {
    const problems = passwordProblems(password, username, this.passwordPolicy);
    if (problems.length) throw badRequest({ password: problems });
  }

  private async assertUnique(username: string | undefined, email: string | undefined, selfId: number | null) {
    const errors: Record<string, string[]> = {};
    if (username !== undefined) {
      const u = await this.users.findByUsername(username);
      if (u && u.id !== selfId) errors.username = ['A user with this username already exists.'];
    }
    if (email !== undefined) {
      const u = await this.users.findByEmail(email);
      if (u && u.id !== selfId) errors.email = ['A user with this email already exists.'];
    }
    if (Object.keys(errors).length) throw unprocessable(errors);
  }

  private async assertRolesExist(ids: readonly number[]) {
    for (const id of ids) {
      if (!(await this.roles.findRoleById(id))) throw unprocessable({ roles: [`Role ${id} does not exist.`] });
    }
  }

  // ---- roles -------------------------------------------------------------

  /** A role by id, or null (the audit log names what a change touched). */
  findRole(id: number): Promise<{ id: number; name: string } | null> {
    return this.roles.findRoleById(id);
  }

  listRoles(q: ListQuery) {
    return this.roles.listRoles(q);
  }

  async createRole(name: string): Promise<{ id: number; name: string }> {
    if (await this.roles.findRoleByName(name)) throw unprocessable({ name: ['A role with this name already exists.'] });
    return { id: await this.roles.createRole(name), name };
  }

  async renameRole(id: number, name: string): Promise<{ id: number; name: string }> {
    const role = await this.roles.findRoleById(id);
    if (!role) throw notFound();
    if (role.name in BUILTIN_ROLES && role.name !== name) throw forbidden('Built-in roles cannot be renamed.');
    const other = await this.roles.findRoleByName(name);
    if (other && other.id !== id) throw unprocessable({ name: ['A role with this name already exists.'] });
    await this.roles.renameRole(id, name);
    this.invalidateGrants();
    return { id, name };
  }

  async deleteRole(id: number): Promise<void> {
    const role = await this.roles.findRoleById(id);
    if (!role) throw notFound();
    if (role.name in BUILTIN_ROLES) throw forbidden('Built-in roles cannot be deleted.');
    await this.roles.deleteRole(id);
    this.invalidateGrants();
  }

  listPermissionViews() {
    return this.roles.listPermissionViews();
  }

  async rolePermissions(id: number) {
    if (!(await this.roles.findRoleById(id))) throw notFound();
    return this.roles.permissionViewsOfRole(id);
  }

  async setRolePermissions(id: number, ids: number[]): Promise<void> {
    const role = await this.roles.findRoleById(id);
    if (!role) throw notFound();
    const existing = new Set(await this.roles.existingPermissionViewIds(ids));
    const missing = ids.filter((i) => !existing.has(i));
    if (missing.length) throw unprocessable({ permission_view_menu_ids: [`Unknown permission ids: ${missing.join(', ')}`] });
    await this.roles.setRolePermissionViews(id, ids);
    this.invalidateGrants();
  }

  isAdmin(principal: Principal): boolean {
    return isAdmin(principal);
  }
}
