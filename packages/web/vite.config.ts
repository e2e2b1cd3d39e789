import type { IncomingMessage } from 'node:http';
import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';

const SERVER = 'http://localhost:8088';

/** Paths the dev server proxies to the API server. */
const PROXIED_PREFIXES = ['/api', '/login', '/logout', '/health', '/superset', '/tabstateview', '/tableschemaview', '/kv'];

/** Proxied paths that are never SPA pages, even when a browser opens them. */
const SERVER_ONLY_PREFIXES = ['/api/', '/logout', '/health'];

/**
 * Browser page loads of SPA routes that share a prefix with the server (`/login/`, `/superset/welcome/`)
 * are answered by Vite with index.html; API calls (fetch, form posts) still go to the server.
 */
function spaNavigationBypass(req: IncomingMessage): string | undefined {
  const accept = req.headers.accept ?? '';
  const url = req.url ?? '';
  if (req.method === 'GET' && accept.includes('text/html') && !SERVER_ONLY_PREFIXES.some((prefix) => url.startsWith(prefix))) {
    return '/index.html';
  }
  return undefined;
}

/**
 * Modules with no import-time side effects, so barrels (`features/x/index.ts`, `@tessera/core`) only bring in what
 * is used: core is pure (unused contract modules and their zod schemas drop out) and web modules only declare
 * components and functions; the entry point is the one exception. Anything else keeps its package's own flag.
 */
function sideEffectsOf(id: string): boolean | undefined {
  if (/packages[\\/]core[\\/]/.test(id)) return false;
  if (/packages[\\/]web[\\/]src[\\/]/.test(id)) return /[\\/]main\.tsx$/.test(id);
  return undefined;
}

const proxyEntry: ProxyOptions = { target: SERVER, changeOrigin: false, bypass: spaNavigationBypass };

export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      treeshake: { moduleSideEffects: sideEffectsOf },
      output: {
        // Long-lived vendor chunks that every page needs; everything else is split per lazy page.
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
            { name: 'vendor-redux', test: /node_modules[\\/](@reduxjs|redux|react-redux|immer|reselect|redux-thunk)[\\/]/, priority: 3 },
            { name: 'vendor-zod', test: /node_modules[\\/]zod[\\/]/, priority: 3 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(PROXIED_PREFIXES.map((prefix) => [prefix, proxyEntry])),
  },
});
