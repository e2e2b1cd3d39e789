import type { FastifyInstance } from 'fastify';
import { rolePermissionsWriteSchema, roleWriteSchema, userUpdateSchema, userWriteSchema, type PasswordPolicyResult } from '@tessera/core';
import { listResponse, showResponse } from '../../app/listResponse.js';
import { pkParam } from '../../app/params.js';
import { parseListQuery } from '../../app/rison.js';
import { parseInput } from '../../app/validate.js';
import { rolePermissionsEvent, userUpdateEvents } from '../audit/index.js';
import type { SecurityService } from './security.service.js';

const USER_COLUMNS = ['id', 'username', 'first_name', 'last_name', 'email', 'active', 'login_count', 'last_login', 'created_on', 'changed_on', 'roles'];

/** Users and roles administration (Superset 5's /api/v1/security/* shapes). */
export function securityRoutes(security: SecurityService) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/api/v1/security/users/', { config: { permission: ['can_read', 'User'] } }, async (request) => {
      const q = parseListQuery((request.query as Record<string, unknown>).q);
      const { rows, count } = await security.listUsers(q);
      return listResponse(rows, count, { title: 'List Users', columns: USER_COLUMNS, orderColumns: USER_COLUMNS.slice(0, 9) });
    });

    app.get('/api/v1/security/users/:pk', { config: { permission: ['can_read', 'User'] } }, async (request) =>
      showResponse(await security.getUser(pkParam(request.params)), 'Show User'),
    );

    app.post('/api/v1/security/users/', { config: { permission: ['can_write', 'User'] } }, async (request, reply) => {
      const user = await security.createUser(parseInput(userWriteSchema, request.body));
      await request.audit({ action: 'user.create', objectType: 'User', objectId: user.id, details: { user: user.username, active: user.active, roles: user.roles.map((r) => r.name) } });
      return reply.code(201).send({ id: user.id, result: user });
    });

    app.put('/api/v1/security/users/:pk', { config: { permission: ['can_write', 'User'] } }, async (request) => {
      const id = pkParam(request.params);
      const input = parseInput(userUpdateSchema, request.body);
      const before = await security.getUser(id);
      const user = await security.updateUser(request.principal, id, input);
      await request.audit(...userUpdateEvents(before, user, input));
      return { id, result: user };
    });

    app.delete('/api/v1/security/users/:pk', { config: { permission: ['can_write', 'User'] } }, async (request) => {
      const gone = await security.getUser(pkParam(request.params));
      await security.deleteUser(request.principal, gone.id);
      await request.audit({ action: 'user.delete', objectType: 'User', objectId: gone.id, details: { user: gone.username } });
      return { message: 'OK' };
    });

    app.get('/api/v1/security/roles/', { config: { permission: ['can_read', 'Role'] } }, async (request) => {
      const q = parseListQuery((request.query as Record<string, unknown>).q);
      const { rows, count } = await security.listRoles(q);
      return listResponse(rows, count, {
        title: 'List Roles',
        columns: ['id', 'name', 'user_count', 'permission_count'],
        orderColumns: ['id', 'name'],
      });
    });

    app.post('/api/v1/security/roles/', { config: { permission: ['can_write', 'Role'] } }, async (request, reply) => {
      const role = await security.createRole(parseInput(roleWriteSchema, request.body).name);
      await request.audit({ action: 'role.create', objectType: 'Role', objectId: role.id, details: { role: role.name } });
      return reply.code(201).send({ id: role.id, result: role });
    });

    app.put('/api/v1/security/roles/:pk', { config: { permission: ['can_write', 'Role'] } }, async (request) => {
      const id = pkParam(request.params);
      const name = parseInput(roleWriteSchema, request.body).name;
      const before = await security.findRole(id);
      const role = await security.renameRole(id, name);
      if (before?.name !== role.name) await request.audit({ action: 'role.update', objectType: 'Role', objectId: id, details: { role: role.name, previous_name: before?.name ?? null } });
      return { id, result: role };
    });

    app.delete('/api/v1/security/roles/:pk', { config: { permission: ['can_write', 'Role'] } }, async (request) => {
      const id = pkParam(request.params);
      const before = await security.findRole(id);
      await security.deleteRole(id);
      await request.audit({ action: 'role.delete', objectType: 'Role', objectId: id, details: { role: before?.name ?? null } });
      return { message: 'OK' };
    });

    app.get('/api/v1/security/roles/:pk/permissions/', { config: { permission: ['can_read', 'Role'] } }, async (request) => ({
      result: await security.rolePermissions(pkParam(request.params)),
    }));

    app.post('/api/v1/security/roles/:pk/permissions', { config: { permission: ['can_write', 'Role'] } }, async (request) => {
      const id = pkParam(request.params);
      const body = parseInput(rolePermissionsWriteSchema, request.body);
      const before = await security.rolePermissions(id);
      await security.setRolePermissions(id, body.permission_view_menu_ids);
      const role = await security.findRole(id);
      if (role) await request.audit(rolePermissionsEvent(role, before, await security.rolePermissions(id)));
      return { result: { permission_view_menu_ids: body.permission_view_menu_ids } };
    });

    // Tessera's: the policy a new password must meet, so the user form checks it before posting.
    app.get('/api/v1/security/password_policy/', { config: { permission: ['can_read', 'User'] } }, async () => ({
      result: { min_length: security.passwordPolicy.minLength, require_classes: security.passwordPolicy.requireClasses } satisfies PasswordPolicyResult,
    }));

    app.get('/api/v1/security/permissions-resources/', { config: { permission: ['can_read', 'Role'] } }, async () => {
      const rows = await security.listPermissionViews();
      return listResponse(rows, rows.length, {
        title: 'List Permissions',
        columns: ['id', 'permission_name', 'view_menu_name'],
        orderColumns: [],
      });
    });
  };
}
