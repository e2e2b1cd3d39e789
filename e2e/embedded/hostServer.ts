import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

/**
 * A host application that embeds a Tessera dashboard the way Superset's docs show it: its page loads the published
 * `@superset-ui/embedded-sdk` bundle (served statically, unmodified) and calls `embedDashboard`; its backend signs in
 * to Tessera as a service user and asks `POST /api/v1/security/guest_token/` for a token with an RLS clause.
 */
export interface HostOptions {
  /** Tessera's address as the browser reaches it (the SDK's supersetDomain). */
  tesseraUrl: string;
  username: string;
  password: string;
  /** Row level security clauses put in every guest token. */
  rls: { dataset?: number; clause: string }[];
  /** Host name the page is served under (another origin than Tessera's). */
  hostname?: string;
}

export interface Host {
  url: string;
  /** Guest tokens the backend handed out. */
  tokensIssued: number;
  close(): Promise<void>;
}

const SDK_BUNDLE = createRequire(import.meta.url).resolve('@superset-ui/embedded-sdk/bundle/index.js');

/** The page embeds the dashboard its address names (`/?id=<embedded uuid>`). */
function page(options: HostOptions): string {
  const config = JSON.stringify({ supersetDomain: options.tesseraUrl });
  return `<!doctype html>
<html>
  <head><meta charset="utf-8"><title>Host application</title>
  <style>#dashboard iframe { width: 100%; height: 900px; border: 0; }</style></head>
  <body>
    <h1>Host application</h1>
    <div id="dashboard"></div>
    <script src="/sdk.js"></script>
    <script>
      const config = ${config};
      const id = new URLSearchParams(location.search).get('id');
      supersetEmbeddedSdk.embedDashboard({
        id,
        supersetDomain: config.supersetDomain,
        mountPoint: document.getElementById('dashboard'),
        fetchGuestToken: () => fetch('/guest-token?id=' + encodeURIComponent(id)).then((r) => r.json()).then((body) => body.token),
        dashboardUiConfig: { hideTitle: true },
      }).catch((err) => { document.body.dataset.embedError = String(err); });
    </script>
  </body>
</html>`;
}

async function tesseraJson(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...(init.headers ?? {}) } });
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** The backend's half: a service login, then a guest token for the embedded dashboard (Superset's documented flow). */
async function guestToken(options: HostOptions, embeddedId: string): Promise<string> {
  const login = await tesseraJson(`${options.tesseraUrl}/api/v1/security/login`, {
    method: 'POST',
    body: JSON.stringify({ username: options.username, password: options.password, provider: 'db', refresh: false }),
  });
  const body = {
    user: { username: 'host-viewer', first_name: 'Host', last_name: 'Viewer' },
    resources: [{ type: 'dashboard', id: embeddedId }],
    rls: options.rls,
  };
  const answer = await tesseraJson(`${options.tesseraUrl}/api/v1/security/guest_token/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${String(login.access_token)}` },
    body: JSON.stringify(body),
  });
  return String(answer.token);
}

export async function startHost(options: HostOptions): Promise<Host> {
  const sdk = await readFile(SDK_BUNDLE, 'utf8');
  const host: Host = { url: '', tokensIssued: 0, close: async () => undefined };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://host');
    const path = url.pathname;
    if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(options));
    } else if (path === '/sdk.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(sdk);
    } else if (path === '/guest-token') {
      try {
        const token = await guestToken(options, url.searchParams.get('id') ?? '');
        host.tokensIssued += 1;
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ token }));
      } catch (err) {
        res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ error: String(err) }));
      }
    } else {
      res.writeHead(404).end('not found');
    }
  };
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  host.url = `http://${options.hostname ?? 'localhost'}:${port}`;
  host.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return host;
}
