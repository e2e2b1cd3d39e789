/** The benches' server process: a free port, start (until /health answers), memory, and stop. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface BenchServerOptions {
  /** The repository root (the server's working directory). */
  root: string;
  /** Node's arguments: the built `main.js`, or the source through tsx. */
  args: string[];
  /** DATA_DIR: a fresh directory per run (examples are generated first). */
  dir: string;
  port: number;
  adminPassword: string;
  webDist: string;
  /** Environment on top of the common one (e.g. THUMBNAILS=off). */
  env?: Record<string, string>;
  /** How long the start (examples included) may take. */
  timeoutMs: number;
}

/** Resolves once the server answers /health; its own stdout is dropped, its errors go to ours. */
export async function startServer(options: BenchServerOptions): Promise<ChildProcess> {
  const { root, args, dir, port, timeoutMs } = options;
  const env = {
    ...process.env,
    DATA_DIR: dir,
    ADMIN_PASSWORD: options.adminPassword,
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    WEB_DIST: options.webDist,
    ...options.env,
  };
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false)) return child;
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error(`the server did not start within ${Math.round(timeoutMs / 60_000)} minutes`);
}

/** Resident and peak resident memory of a process (Linux /proc), in bytes. */
export function rssOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** SIGTERM (the server's graceful shutdown), SIGKILL if it is still there 15 s later; resolves once it exited. */
export async function stopServer(server: ChildProcess): Promise<void> {
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
