import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app/buildApp.js';
import { ConfigError, loadConfig } from '../../app/config.js';
import { createMetadataStore, type MetadataStore } from '../../metadata-store/createMetadataStore.js';
import { UsersRepository } from '../security/users.repository.js';

/** ADMIN_PASSWORD meets the password policy when the admin is created, and only then. */
describe('first-start admin and the password policy', () => {
  let dir: string;
  let store: MetadataStore;
  const configWith = (env: Record<string, string>) => loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', EXAMPLES: 'off', ...env });
  const start = (env: Record<string, string>, print: (text: string) => void = () => undefined) => buildApp(configWith(env), { store, logger: false, print });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'tessera-bootstrap-'));
    store = await createMetadataStore({ databaseUrl: null, dataDir: dir });
  });
  afterAll(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses to start with a weak ADMIN_PASSWORD, naming the setting and not the password', async () => {
    for (const weak of ['password1234', 'admin-2024!', 'Tessera-adm']) {
      const failure = await start({ ADMIN_PASSWORD: weak }).then(
        () => null,
        (err: unknown) => err,
      );
      expect(failure, weak).toBeInstanceOf(ConfigError);
      expect((failure as Error).message).toMatch(/^Invalid configuration:\n {2}ADMIN_PASSWORD: /);
      expect((failure as Error).message).not.toContain(weak);
    }
    expect(await new UsersRepository(store.db).count()).toBe(0);
  });

  it('generates a password the policy accepts, also under a strict one', async () => {
    let printed = '';
    const built = await start({ PASSWORD_MIN_LENGTH: '24', PASSWORD_REQUIRE_CLASSES: '4' }, (text) => (printed += text));
    await built.app.close();
    const generated = /Password \(shown once, change it after logging in\): (\S+)/.exec(printed)?.[1] ?? '';
    expect(generated.length).toBe(24);
    expect(generated).toMatch(/[a-z]/);
    expect(generated).toMatch(/[A-Z]/);
    expect(generated).toMatch(/[0-9]/);
    expect(generated).toMatch(/[-_]/);
  });

  it('does not check ADMIN_PASSWORD once the admin exists', async () => {
    const built = await start({ ADMIN_PASSWORD: 'password1234' });
    await built.app.close();
  });
});
