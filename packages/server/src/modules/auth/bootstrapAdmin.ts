import { randomBytes } from 'node:crypto';
import type { SecurityRepository } from '../security/security.repository.js';
import type { UsersRepository } from '../security/users.repository.js';
import { hashPassword } from './passwords.js';

/**
 * First start with no users: creates the admin from ADMIN_USERNAME/ADMIN_PASSWORD, or `admin`
 * with a generated password that is printed once (and stored nowhere in clear).
 */
export async function bootstrapAdmin(
  users: UsersRepository,
  roles: SecurityRepository,
  username: string,
  password: string | null,
  print: (text: string) => void,
): Promise<{ created: boolean; generatedPassword: string | null }> {
  if ((await users.count()) > 0) return { created: false, generatedPassword: null };
  const generated = password ? null : randomBytes(12).toString('base64url');
  const id = await users.create({
    username,
    first_name: 'Tessera',
    last_name: 'Admin',
    email: `${username}@localhost`,
    active: 1,
    password_hash: await hashPassword(password ?? generated!),
  });
  const admin = await roles.findRoleByName('Admin');
  if (admin) await users.setRoles(id, [admin.id]);
  if (generated) {
    print(
      [
        '',
        '==================================================================',
        `  Tessera admin user created: ${username}`,
        `  Password (shown once, change it after logging in): ${generated}`,
        '==================================================================',
        '',
      ].join('\n'),
    );
  }
  return { created: true, generatedPassword: generated };
}
