import { isIP } from 'node:net';
import { lookup } from 'node:dns/promises';
import { ConnectorError } from '../../connectors/connectorError.js';
import { HostBlockList } from '../../connectors/hostBlockList.js';
import { canonicalPath, isInside } from '../../connectors/protectedPaths.js';
import { specFromUri } from '../../connectors/registry.js';
import type { ConnectionSpec, Connector } from '../../connectors/types.js';
import type { ResolvedConnection } from './databaseConnection.js';

export interface ConnectionPolicyOptions {
  dataDir: string;
  /** DATA_DIR/examples.duckdb: the one file of DATA_DIR a connection may open. */
  examplesFile: string;
  /** DATABASE_URL: the metadata store, when it is PostgreSQL. */
  metadataUrl: string | null;
  /** PREVENT_UNSAFE_DB_CONNECTIONS: file databases only in fileDatabaseDirs. */
  preventUnsafe: boolean;
  fileDatabaseDirs: readonly string[];
  blockedHosts: readonly string[];
}

/** Superset's dialect names, so its message reads the same ("SQLiteDialect_pysqlite cannot be used ..."). */
const DIALECT: Record<string, string> = { sqlite: 'SQLiteDialect_pysqlite', duckdb: 'DuckDB' };

const refused = (connector: Connector, message: string, invalid: string[]) =>
  new ConnectorError('DATABASE_SECURITY_ACCESS_ERROR', message, { engine_name: connector.name, invalid });

/** Loopback addresses all reach this machine: `localhost`, 127.0.0.1 and ::1 name the same server. */
const isLoopback = (address: string) => /^127\./.test(address) || address === '::1' || /^::ffff:127\./.test(address);

async function addressesOf(host: string): Promise<string[]> {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (isIP(bare)) return [bare];
  try {
    return (await lookup(bare, { all: true })).map((a) => a.address);
  } catch {
    return [bare];
  }
}

function metadataSpec(url: string | null): ConnectionSpec | null {
  if (!url) return null;
  try {
    return specFromUri(url);
  } catch {
    return null;
  }
}

async function sameHost(a: string, b: string): Promise<boolean> {
  if (a.toLowerCase() === b.toLowerCase()) return true;
  const [left, right] = await Promise.all([addressesOf(a), addressesOf(b)]);
  return left.some((x) => right.includes(x) || (isLoopback(x) && right.some(isLoopback)));
}

/**
 * What a database connection may reach, checked before anything is opened: when a connection is created,
 * changed, tested or imported, and again each time a stored one is opened (so a row saved before a rule
 * existed cannot connect). Never: a file of DATA_DIR (the secret key, the metadata store) but the examples
 * file, the metadata PostgreSQL database, a blocked host (cloud metadata). With PREVENT_UNSAFE_DB_CONNECTIONS,
 * SQLite and DuckDB files only inside FILE_DATABASE_DIRS. In-memory databases read no file and stay allowed.
 */
export class ConnectionPolicy {
  readonly hosts: HostBlockList;
  private readonly dataDir: string;
  private readonly examplesFile: string;
  private readonly fileDirs: string[];
  private readonly metadata: ConnectionSpec | null;

  constructor(private readonly options: ConnectionPolicyOptions) {
    this.hosts = new HostBlockList(options.blockedHosts);
    this.dataDir = canonicalPath(options.dataDir);
    this.examplesFile = canonicalPath(options.examplesFile);
    this.fileDirs = options.fileDatabaseDirs.map((d) => canonicalPath(d));
    this.metadata = metadataSpec(options.metadataUrl);
  }

  /** The spec to open, its file path canonical (the file checked is the file opened); throws a ConnectorError when refused. */
  async check(connector: Connector, spec: ConnectionSpec): Promise<ConnectionSpec> {
    if (connector.kind === 'file') return this.checkFile(connector, spec);
    await this.checkNotMetadataStore(connector, spec);
    return spec;
  }

  /** `resolved` with its checked spec and the options connectors enforce themselves (protected folders, blocked hosts). */
  async admit(resolved: ResolvedConnection): Promise<ResolvedConnection> {
    const spec = await this.check(resolved.connector, resolved.spec);
    return { ...resolved, spec, options: { ...resolved.options, protectedDirs: [this.dataDir], blockedHosts: this.hosts } };
  }

  private checkFile(connector: Connector, spec: ConnectionSpec): ConnectionSpec {
    const raw = spec.filePath ?? spec.database ?? '';
    if (raw === '' || raw === ':memory:') return spec;
    // SQLite URI file names carry their own options (`file:x.db?mode=...`, `vfs=`): only plain paths are opened.
    if (/^file:/i.test(raw) || /^file:/i.test(spec.database ?? '')) {
      throw refused(connector, 'Give the database file as a path: URI file names (file:...) cannot be used as a data source.', ['database']);
    }
    const file = canonicalPath(raw, this.options.dataDir);
    if (file === this.examplesFile) return { ...spec, filePath: file };
    if (isInside(file, this.dataDir)) {
      throw refused(connector, "Files in the server's data directory (DATA_DIR) cannot be used as a data source for security reasons.", ['database']);
    }
    if (this.options.preventUnsafe && !this.fileDirs.some((dir) => isInside(file, dir))) {
      throw refused(connector, `${DIALECT[connector.engine] ?? connector.name} cannot be used as a data source for security reasons.`, ['database']);
    }
    return { ...spec, filePath: file };
  }

  /** The metadata PostgreSQL database holds every password hash and session: no connection may point at it. */
  private async checkNotMetadataStore(connector: Connector, spec: ConnectionSpec): Promise<void> {
    const meta = this.metadata;
    if (!meta || spec.engine !== meta.engine || !spec.host || !meta.host) return;
    const port = spec.port ?? connector.defaultPort;
    const metaPort = meta.port ?? connector.defaultPort;
    // libpq's default database is the user's name.
    const database = spec.database ?? spec.username;
    const metaDatabase = meta.database ?? meta.username;
    if (port !== metaPort || database !== metaDatabase) return;
    if (await sameHost(spec.host, meta.host)) {
      throw refused(connector, 'The metadata database cannot be used as a data source for security reasons.', ['host', 'database']);
    }
  }
}
