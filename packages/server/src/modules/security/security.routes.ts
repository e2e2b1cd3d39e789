import type { FastifyInstance } from 'fastify';
import { rolePermissionsWriteSchema, roleWriteSchema, userUpdateSchema, userWriteSchema } from '@tessera/core';
import { listResponse, showResponse } from '../../app/listResponse.js';
import { pkParam } from '../../app/params.js';
import { parseListQuery } from '../../app/rison.js';
import { parseInput } from '../../app/validate.js';
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
      return reply.code(201).send({ id: user.id, result: user });
    });

    app.put('/api/v1/security/users/:pk', { config: { permission: ['can_write', 'User'] } }, async (request) => {
      const id = pkParam(request.params);
      const user = await security.updateUser(request.principal, id, parseInput(userUpdateSchema, request.body));
      return { id, result: user };
    });

    app.delete('/api/v1/security/users/:pk', { config: { permission: ['can_write', 'User'] } }, async (request) => {
      await security.deleteUser(request.principal, pkParam(request.params));
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
      return reply.code(201).send({ id: role.id, result: role });
    });

    app.put('/api/v1/security/roles/:pk', { config: { permission: ['can_write', 'Role'] } }, async (request) => {
      const id = pkParam(request.params);
      return { id, result: await security.renameRole(id, parseInput(roleWriteSchema, request.body).name) };
    });

    app.delete('/api/v1/security/roles/:pk', { config: { permission: ['can_write', 'Role'] } }, async (request) => {
      await security.deleteRole(pkParam(request.params));
      return { message: 'OK' };
    });

    app.get('/api/v1/security/roles/:pk/permissions/', { config: { permission: ['can_read', 'Role'] } }, async (request) => ({
      result: await security.rolePermissions(pkParam(request.params)),
    }));

    app.post('/api/v1/security/roles/:pk/permissions', { config: { permission: ['can_write', 'Role'] } }, async (request) => {
      const id = pkParam(request.params);
      const body = parseInput(rolePermissionsWriteSchema, request.body);
      await security.setRolePermissions(id, body.permission_view_menu_ids);
      return { result: { permission_view_menu_ids: body.permission_view_menu_ids } };
    });

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
