import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverRoot = path.resolve(here, '../../..');

/**
 * A child process that starts a runaway DuckDB statement, then exits, with or without interrupting first.
 * Node's exit joins the thread pool DuckDB runs statements on, so exiting under a running one blocks.
 */
/** `exitedMs`: from the child's call to process.exit to its end; null when it had not ended 5 s later. */
function exitWithStatementRunning(interruptFirst: boolean): Promise<{ exitedMs: number | null; output: string }> {
  const activity = path.join(here, 'duckdbActivity.ts');
  const script = `
    import { DuckDBInstance } from '@duckdb/node-api';
    import { duringNativeWork, interruptDuckdbWork } from ${JSON.stringify(activity)};
    const conn = await (await DuckDBInstance.create(':memory:')).connect();
    duringNativeWork(conn, () => conn.run('SELECT count(*) FROM range(100000000000) a')).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 300));
    if (${interruptFirst}) console.log('settled:', await interruptDuckdbWork(2000));
    console.log('exiting');
    process.exit(0);
  `;
  const child = spawn(process.execPath, ['--conditions=tessera-source', '--import', 'tsx', '--input-type=module', '-e', script], { cwd: serverRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let exitCalled = 0;
  let timer: NodeJS.Timeout | undefined;
  return new Promise((resolve) => {
    const kill = () => {
      child.kill('SIGKILL');
      resolve({ exitedMs: null, output });
    };
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
      if (!exitCalled && output.includes('exiting')) {
        exitCalled = Date.now();
        timer = setTimeout(kill, 5000);
      }
    });
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    // Starting the child (tsx) can take long on a busy machine: only the exit itself is timed.
    const startTimer = setTimeout(kill, 50_000);
    child.on('exit', () => {
      clearTimeout(timer);
      clearTimeout(startTimer);
      resolve({ exitedMs: exitCalled ? Date.now() - exitCalled : null, output });
    });
  });
}

describe('duckdbActivity', () => {
  it('lets a process exit promptly once its running DuckDB statements are interrupted (exiting under one blocks for good)', async () => {
    const blocked = await exitWithStatementRunning(false);
    expect(blocked.output).toContain('exiting');
    expect(blocked.exitedMs, blocked.output).toBeNull();

    const clean = await exitWithStatementRunning(true);
    expect(clean.exitedMs, clean.output).not.toBeNull();
    expect(clean.output).toContain('settled: true');
  }, 120_000);
});
