import { randomBytes } from 'node:crypto';
import { DEFAULT_PASSWORD_POLICY, passwordProblems, type PasswordPolicy } from '@tessera/core';
import { ConfigError } from '../../app/config.js';
import type { SecurityRepository } from '../security/security.repository.js';
import type { UsersRepository } from '../security/users.repository.js';
import { hashPassword } from './passwords.js';

/** A random password the policy accepts: base64url, 16 characters or the policy's minimum if longer. */
function generatePassword(username: string, policy: PasswordPolicy): string {
  const size = Math.max(16, policy.minLength);
  // A class rule may need a digit or a symbol ('-', '_') that one draw lacks: draw again (a few times at most).
  for (let attempt = 0; attempt < 1000; attempt++) {
    const candidate = randomBytes(Math.ceil((size * 3) / 4)).toString('base64url').slice(0, size);
    if (passwordProblems(candidate, username, policy).length === 0) return candidate;
  }
  throw new ConfigError('Invalid configuration:\n  ADMIN_PASSWORD: no password meeting the password policy could be generated; set ADMIN_PASSWORD');
}

/**
 * First start with no users: creates the admin from ADMIN_USERNAME/ADMIN_PASSWORD, or `admin`
 * with a generated password that is printed once (and stored nowhere in clear). ADMIN_PASSWORD must meet the
 * password policy, checked only then: a refused one stops the start, naming the setting.
 */
export async function bootstrapAdmin(
  users: UsersRepository,
  roles: SecurityRepository,
  username: string,
  password: string | null,
  print: (text: string) => void,
  policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY,
): Promise<{ created: boolean; generatedPassword: string | null }> {
  if ((await users.count()) > 0) return { created: false, generatedPassword: null };
  const problems = password ? passwordProblems(password, username, policy) : [];
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ADMIN_PASSWORD: ${p}`).join('\n')}`);
  const generated = password ? null : generatePassword(username, policy);
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
