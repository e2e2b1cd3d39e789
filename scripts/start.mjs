#!/usr/bin/env node
// `npm start`: builds whatever is missing or older than its sources, then runs the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...p) => path.join(root, ...p);

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function stale(output, ...sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((s) => newestMtime(s) > built);
}

function run(label, args) {
  process.stdout.write(`[tessera] ${label}\n`);
  const res = spawnSync('npm', args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (res.status !== 0) {
    process.stderr.write(`[tessera] ${label} failed\n`);
    process.exit(res.status ?? 1);
  }
}

if (!existsSync(at('node_modules'))) {
  process.stderr.write('[tessera] dependencies are not installed: run `npm ci` first.\n');
  process.exit(1);
}
const serverOut = at('packages/server/dist/main.js');
if (stale(serverOut, at('packages/core/src'), at('packages/server/src'))) run('building server', ['run', 'build:ts']);
if (stale(at('packages/web/dist/index.html'), at('packages/web/src'), at('packages/core/src'))) run('building web app', ['run', 'build:web']);

const child = spawn(process.execPath, [serverOut], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
