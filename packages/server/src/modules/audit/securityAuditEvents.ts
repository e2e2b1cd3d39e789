import type { PermissionViewRecord, UserRecord, UserUpdate } from '@tessera/core';
import type { AuditEvent } from './auditLog.service.js';

const USER_FIELDS = ['username', 'first_name', 'last_name', 'email', 'active'] as const;

const minus = (a: readonly string[], b: readonly string[]) => a.filter((x) => !b.includes(x)).sort();

/**
 * What one user edit did, as separate actions: profile fields changed (names only, not values, but the
 * new `active`), role assignments added and removed, and a password set (that it was, never what).
 */
export function userUpdateEvents(before: UserRecord, after: UserRecord, input: UserUpdate): AuditEvent[] {
  const target = { objectType: 'User', objectId: after.id };
  const events: AuditEvent[] = [];
  const changed = USER_FIELDS.filter((field) => input[field] !== undefined && before[field] !== after[field]);
  if (changed.length) {
    events.push({
      action: 'user.update',
      ...target,
      details: {
        user: after.username,
        changed,
        ...(changed.includes('username') ? { previous_username: before.username } : {}),
        ...(changed.includes('active') ? { active: after.active } : {}),
      },
    });
  }
  const rolesBefore = before.roles.map((r) => r.name);
  const rolesAfter = after.roles.map((r) => r.name);
  const added = minus(rolesAfter, rolesBefore);
  const removed = minus(rolesBefore, rolesAfter);
  if (added.length || removed.length) events.push({ action: 'user.roles_change', ...target, details: { user: after.username, added, removed } });
  if (input.password) events.push({ action: 'user.password_change', ...target, details: { user: after.username } });
  return events;
}

const pairName = (p: PermissionViewRecord) => `${p.permission_name} on ${p.view_menu_name}`;

/** A role's permission set replaced: the pairs it gained and lost, by name. */
export function rolePermissionsEvent(role: { id: number; name: string }, before: PermissionViewRecord[], after: PermissionViewRecord[]): AuditEvent {
  const was = before.map(pairName);
  const now = after.map(pairName);
  const added = minus(now, was);
  const removed = minus(was, now);
  // Counts too: the stored lists are cut at 50 names (auditDetails.ts).
  return {
    action: 'role.permissions_change',
    objectType: 'Role',
    objectId: role.id,
    details: { role: role.name, added_count: added.length, removed_count: removed.length, added, removed },
  };
}
