import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './buildApp.js';
import { loadConfig } from './config.js';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

function startServer(dataDir: string, port: number, env: Record<string, string> = {}) {
  // The 'tessera-source' condition resolves @tessera/core to its sources, so no build is needed first.
  const child = spawn(process.execPath, ['--conditions=tessera-source', '--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', EXAMPLES: 'off', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return { child, output: () => output };
}

async function waitForHealth(port: number, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become healthy');
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.on('exit', (code) => resolve(code))));

describe('server process', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('first start creates the admin with a password printed once; a restart prints nothing and the password still works', async () => {
    const port = await freePort();
    const first = startServer(dataDir, port);
    await waitForHealth(port, first.child);
    const match = /Password \(shown once, change it after logging in\): (\S+)/.exec(first.output());
    expect(match).not.toBeNull();
    const password = match![1]!;
    // pino writes JSON lines carrying the request id.
    await fetch(`http://127.0.0.1:${port}/api/v1/me/`, { headers: { 'x-request-id': 'trace-me-123' } });
    first.child.kill('SIGTERM');
    expect(await exited(first.child)).toBe(0);
    expect(first.output()).toContain('"reqId":"trace-me-123"');

    const second = startServer(dataDir, port);
    await waitForHealth(port, second.child);
    expect(second.output()).not.toContain('shown once');
    const login = await fetch(`http://127.0.0.1:${port}/api/v1/security/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password, provider: 'db' }),
    });
    expect(login.status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await exited(second.child)).toBe(0);
  });

  it('refuses to start on an invalid setting and names it', async () => {
    const bad = startServer(dataDir, await freePort(), { PORT: 'not-a-port', DATABASE_URL: 'sqlite://x' });
    expect(await exited(bad.child)).toBe(2);
    expect(bad.output()).toContain('PORT');
    expect(bad.output()).toContain('DATABASE_URL');
  });

  it('graceful close lets an in-flight request finish', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tessera-close-'));
    const config = loadConfig({ DATA_DIR: dir, ADMIN_PASSWORD: 'password-123', EXAMPLES: 'off' });
    const { app } = await buildApp(config, { logger: false, print: () => undefined });
    app.get('/test/slow', { config: { permission: 'public' } }, async () => {
      await new Promise((r) => setTimeout(r, 500));
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const inFlight = fetch(`http://127.0.0.1:${port}/test/slow`).then((r) => r.json());
    await new Promise((r) => setTimeout(r, 100));
    await app.close();
    expect(await inFlight).toEqual({ done: true });
    rmSync(dir, { recursive: true, force: true });
  });
});
