import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../app/config.js';
import { createUserWithRole, startTestApp, type TestApp } from '../../test/testApp.js';

const GOOD = 'a quiet harbour at dawn';

describe('password policy on the users API', () => {
  let app: TestApp;
  const create = (username: string, password: string) =>
    app.api('POST', '/api/v1/security/users/', { body: { username, email: `${username}@example.com`, password } });
  const login = async (username: string, password: string) =>
    (await app.api('POST', '/api/v1/security/login', { token: null, body: { username, password, provider: 'db' } })).status;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => app?.close());

  it('refuses weak passwords on create with a 400 under `password`, never echoing the password', async () => {
    const cases: [string, string, string][] = [
      ['paula', 'short-1', 'Password must be at least 12 characters long.'],
      ['paula', 'paula-secret', 'Password must not contain the username: without it, it needs at least 12 characters.'],
      ['paula', 'Paula', 'Password must not be the username.'],
      ['paula', 'Password1234', 'This password is one of the most commonly used; choose another.'],
    ];
    for (const [username, password, message] of cases) {
      const res = await create(username, password);
      expect(res.status, password).toBe(400);
      expect(res.body.message.password, password).toContain(message);
      expect(JSON.stringify(res.body)).not.toContain(password);
    }
    // Nothing was created by those.
    expect((await app.api('GET', '/api/v1/security/users/?q=(filters:!((col:username,opr:eq,value:paula)))')).body.count).toBe(0);

    expect((await create('paula', GOOD)).status).toBe(201);
    expect(await login('paula', GOOD)).toBe(200);
  });

  it('refuses a weak password on update and keeps the old one; accepts a good one', async () => {
    const created = await create('quentin', GOOD);
    const id = created.body.id as number;
    const weak = await app.api('PUT', `/api/v1/security/users/${id}`, { body: { password: 'quentin-2024' } });
    expect(weak.status).toBe(400);
    expect(weak.body).toEqual({ message: { password: ['Password must not contain the username: without it, it needs at least 12 characters.'] } });
    expect(await login('quentin', GOOD)).toBe(200);
    expect(await login('quentin', 'quentin-2024')).toBe(401);

    // Renamed in the same request: the password is judged against the new name.
    const renamed = await app.api('PUT', `/api/v1/security/users/${id}`, { body: { username: 'quiet', password: 'quiet-2024-xyz!' } });
    expect(renamed.status).toBe(400);
    expect(renamed.body.message.password).toEqual(['Password must not contain the username: without it, it needs at least 12 characters.']);
    expect(await login('quentin', GOOD)).toBe(200);

    const changed = await app.api('PUT', `/api/v1/security/users/${id}`, { body: { password: 'another calm passphrase' } });
    expect(changed.status).toBe(200);
    expect(await login('quentin', 'another calm passphrase')).toBe(200);
    expect(await login('quentin', GOOD)).toBe(401);
  });

  it('tells the user form the policy (admins), and not Gamma', async () => {
    const res = await app.api('GET', '/api/v1/security/password_policy/');
    expect(res).toMatchObject({ status: 200, body: { result: { min_length: 12, require_classes: 0 } } });
    const gamma = await createUserWithRole(app, 'gamma_policy', 'Gamma');
    expect((await app.api('GET', '/api/v1/security/password_policy/', { token: gamma })).status).toBe(403);
    expect((await app.api('GET', '/api/v1/security/password_policy/', { token: null })).status).toBe(401);
  });
});

describe('password policy settings', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ PASSWORD_MIN_LENGTH: '20', PASSWORD_REQUIRE_CLASSES: '3', ADMIN_PASSWORD: 'Harbour-Lights-Test-2024' });
  });
  afterAll(async () => app?.close());

  it('validates the settings at start, naming them', () => {
    expect(parseEnv({})).toMatchObject({ PASSWORD_MIN_LENGTH: 12, PASSWORD_REQUIRE_CLASSES: 0, AUDIT_LOG_RETENTION_DAYS: 90 });
    expect(() => parseEnv({ PASSWORD_MIN_LENGTH: '6' })).toThrow(/PASSWORD_MIN_LENGTH: PASSWORD_MIN_LENGTH must be between 8 and 128/);
    expect(() => parseEnv({ PASSWORD_REQUIRE_CLASSES: '5' })).toThrow(/PASSWORD_REQUIRE_CLASSES: PASSWORD_REQUIRE_CLASSES must be 0 to 4/);
    expect(() => parseEnv({ AUDIT_LOG_RETENTION_DAYS: '-1' })).toThrow(/AUDIT_LOG_RETENTION_DAYS/);
  });

  it('applies PASSWORD_MIN_LENGTH and PASSWORD_REQUIRE_CLASSES', async () => {
    const token = await app.token('admin', 'Harbour-Lights-Test-2024');
    expect((await app.api('GET', '/api/v1/security/password_policy/', { token })).body.result).toEqual({ min_length: 20, require_classes: 3 });
    const create = (password: string) => app.api('POST', '/api/v1/security/users/', { token, body: { username: 'rita', email: 'rita@example.com', password } });
    const weak = await create('a quiet harbour at dawn');
    expect(weak.status).toBe(400);
    expect(weak.body.message.password).toEqual(['Password must use at least 3 of: lowercase letters, uppercase letters, digits, symbols.']);
    expect((await create('A quiet harbour at dawn')).status).toBe(201);
  });
});
