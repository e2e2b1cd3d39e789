import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The real server as a child process (what `npm start` runs), for tests about starting, stopping and crashing. */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  output: () => string;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
}

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * `source`: node + tsx on src/main.ts (the 'tessera-source' condition resolves @tessera/core to its sources, so
 * no build is needed); `built`: node on dist/main.js (a fresh build is the caller's business).
 */
export function startServerProcess(dataDir: string, port: number, env: Record<string, string>, server: 'source' | 'built' = 'source'): ServerProcess {
  const args = server === 'built' ? ['dist/main.js'] : ['--conditions=tessera-source', '--import', 'tsx', 'src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: serverRoot,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

export async function waitForHealth(server: ServerProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`server exited with ${server.child.exitCode}:\n${server.output()}`);
    try {
      if ((await fetch(`${server.url}/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A JSON request with a bearer token; the body is parsed when it is JSON. */
export async function serverApi(server: ServerProcess, token: string | null, method: string, pathAndQuery: string, body?: unknown): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.url}${pathAndQuery}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* keep the text */
  }
  return { status: res.status, body: parsed };
}

export async function loginAs(server: ServerProcess, username: string, password: string): Promise<string> {
  const res = await serverApi(server, null, 'POST', '/api/v1/security/login', { username, password, provider: 'db' });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.access_token as string;
}
