import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const coreSrc = fileURLToPath(new URL('./packages/core/src/index.ts', import.meta.url));
// Tests run on sources: core is aliased to src so no build is needed before `vitest`.
const alias = { '@tessera/core': coreSrc };

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'core', root: 'packages/core', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          root: 'packages/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Integration suites share ports and services; files run in parallel forks, tests inside a file in order.
          pool: 'forks',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'web',
          root: 'packages/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // Whole-page tests render antd + CodeMirror in jsdom: seconds each on a busy 2-core machine.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
