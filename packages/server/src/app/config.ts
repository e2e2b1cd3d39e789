import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_DISALLOWED_SQL_FUNCTIONS,
  DEFAULT_PASSWORD_POLICY,
  DEFAULT_PORT,
  PASSWORD_CLASS_COUNT,
  PASSWORD_MIN_LENGTH_BOUNDS,
  type PasswordPolicy,
} from '@tessera/core';
import { DEFAULT_BLOCKED_HOSTS, parseBlockedHost } from '../connectors/hostBlockList.js';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_PORT),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a PostgreSQL URL (postgresql://user:pass@host:5432/db)')
    .optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://').optional(),
  SECRET_KEY: z.string().min(32, 'SECRET_KEY must be at least 32 characters').optional(),
  ADMIN_USERNAME: z.string().min(1).default('admin'),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  EXAMPLES: z.enum(['on', 'off']).default('on'),
  WEB_DIST: z.string().optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10000),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  SESSION_TTL_HOURS: z.coerce.number().min(0.01).default(24 * 7),
  PASSWORD_MIN_LENGTH: z.coerce
    .number()
    .int()
    .min(PASSWORD_MIN_LENGTH_BOUNDS.min, `PASSWORD_MIN_LENGTH must be between ${PASSWORD_MIN_LENGTH_BOUNDS.min} and ${PASSWORD_MIN_LENGTH_BOUNDS.max}`)
    .max(PASSWORD_MIN_LENGTH_BOUNDS.max, `PASSWORD_MIN_LENGTH must be between ${PASSWORD_MIN_LENGTH_BOUNDS.min} and ${PASSWORD_MIN_LENGTH_BOUNDS.max}`)
    .default(DEFAULT_PASSWORD_POLICY.minLength),
  PASSWORD_REQUIRE_CLASSES: z.coerce
    .number()
    .int()
    .min(0)
    .max(PASSWORD_CLASS_COUNT, `PASSWORD_REQUIRE_CLASSES must be 0 to ${PASSWORD_CLASS_COUNT} (of lowercase, uppercase, digits, symbols)`)
    .default(DEFAULT_PASSWORD_POLICY.requireClasses),
  AUDIT_LOG_RETENTION_DAYS: z.coerce.number().int().min(0).default(90),
  SQL_MAX_ROW: z.coerce.number().int().min(1).default(1_000_000),
  DEFAULT_SQLLAB_LIMIT: z.coerce.number().int().min(1).default(1000),
  DISPLAY_MAX_ROW: z.coerce.number().int().min(1).default(10_000),
  SQLLAB_TIMEOUT: z.coerce.number().min(1).default(30),
  SQLLAB_ASYNC_TIME_LIMIT_SEC: z.coerce.number().min(1).default(6 * 3600),
  SQLLAB_DEFAULT_DBID: z.coerce.number().int().positive().optional(),
  RESULTS_TTL_SECONDS: z.coerce.number().int().min(1).default(86_400),
  SQLLAB_BACKEND_PERSISTENCE: z.enum(['on', 'off']).default('on'),
  CHART_CACHE_TIMEOUT: z.coerce.number().int().min(0).default(86_400),
  CHART_CACHE_MAX_MB: z.coerce.number().int().min(1).default(256),
  ROW_LIMIT: z.coerce.number().int().min(1).default(50_000),
  CHART_MAX_ROW: z.coerce.number().int().min(1).default(100_000),
  SAMPLES_ROW_LIMIT: z.coerce.number().int().min(1).default(1000),
  CHART_QUERY_TIMEOUT: z.coerce.number().min(1).default(60),
  QUERY_MAX_PER_USER: z.coerce.number().int().min(0).default(0),
  QUERY_QUEUE_TIMEOUT: z.coerce.number().min(0.1).default(30),
  GLOBAL_ASYNC_QUERIES: z.enum(['on', 'off']).default('off'),
  DASHBOARD_RBAC: z.enum(['on', 'off']).default('off'),
  ESCAPE_MARKDOWN_HTML: z.enum(['on', 'off']).default('off'),
  ALLOW_ADHOC_SUBQUERY: z.enum(['on', 'off']).default('off'),
  DISALLOWED_SQL_FUNCTIONS: z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'DISALLOWED_SQL_FUNCTIONS must be a JSON object of engine -> list of function names' });
        return z.NEVER;
      }
    })
    .pipe(z.record(z.string(), z.array(z.string().min(1)), { error: 'DISALLOWED_SQL_FUNCTIONS must be a JSON object of engine -> list of function names' }))
    .optional(),
  THUMBNAILS: z.enum(['on', 'off']).default('on'),
  CHROMIUM_PATH: z.string().default('/usr/bin/chromium'),
  WEBDRIVER_BASEURL: z
    .url({ protocol: /^https?$/, error: 'WEBDRIVER_BASEURL must be an http:// or https:// URL (e.g. http://127.0.0.1:8088)' })
    .refine((v) => !/[?#]/.test(v), 'WEBDRIVER_BASEURL must be a base address, without a query or fragment')
    .optional(),
  GUEST_TOKEN_JWT_SECRET: z.string().min(32, 'GUEST_TOKEN_JWT_SECRET must be at least 32 characters').optional(),
  GUEST_TOKEN_JWT_AUDIENCE: z.string().min(1).default('tessera'),
  GUEST_TOKEN_JWT_EXP_SECONDS: z.coerce.number().int().min(1).default(300),
  GUEST_ROLE_NAME: z
    .string()
    .min(1)
    .refine((v) => v.toLowerCase() !== 'admin', 'GUEST_ROLE_NAME cannot be an admin role: guests would see everything')
    .default('Public'),
  PREVENT_UNSAFE_DB_CONNECTIONS: z.enum(['on', 'off']).default('on'),
  FILE_DATABASE_DIRS: z
    .string()
    .transform((v) => v.split(',').map((d) => d.trim()).filter(Boolean))
    .refine((dirs) => dirs.every((d) => path.isAbsolute(d)), 'FILE_DATABASE_DIRS must list absolute folder paths, separated by commas')
    .default([]),
  DB_CONNECTION_BLOCKED_HOSTS: z
    .string()
    .transform((v) => (v.trim().toLowerCase() === 'none' ? [] : v.split(',').map((h) => h.trim()).filter(Boolean)))
    .refine((hosts) => hosts.every((h) => parseBlockedHost(h) !== null), 'DB_CONNECTION_BLOCKED_HOSTS must list host names, addresses or CIDR ranges, separated by commas (or be "none")')
    .default([...DEFAULT_BLOCKED_HOSTS]),
});

/** Every environment setting the server validates (the README's configuration table lists each; a test checks it). */
export const ENV_KEYS = Object.keys(envSchema.shape) as (keyof typeof envSchema.shape)[];

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  secretKey: string;
  adminUsername: string;
  adminPassword: string | null;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  examples: boolean;
  webDist: string | null;
  shutdownTimeoutMs: number;
  /**
   * How a database's pooled connections (DuckDB's four) are shared between users: at most `maxPerUser` of one
   * user's queries run at once (QUERY_MAX_PER_USER; 0: half the pool), and a query waits at most
   * `queueTimeoutMs` for a connection (QUERY_QUEUE_TIMEOUT, seconds) before it is refused with 429/503.
   */
  queryPools: { maxPerUser: number; queueTimeoutMs: number };
  loginRateLimit: number;
  sessionTtlMs: number;
  /** What a new password must be (PASSWORD_MIN_LENGTH, PASSWORD_REQUIRE_CLASSES; core's passwordPolicy.ts). */
  passwordPolicy: PasswordPolicy;
  /** Audit log rows older than this many days are deleted, at start and daily (AUDIT_LOG_RETENTION_DAYS; 0 keeps all). */
  auditLog: { retentionDays: number };
  sqllab: {
    /** Hard cap on rows any SQL Lab run returns (Superset's SQL_MAX_ROW). */
    maxRow: number;
    /** Default of the limit dropdown (DEFAULT_SQLLAB_LIMIT). */
    defaultLimit: number;
    /** Rows sent to the browser in the JSON shape before `displayLimitReached` (DISPLAY_MAX_ROW). */
    displayMaxRow: number;
    /** Synchronous run timeout in seconds (SQLLAB_TIMEOUT). */
    timeoutS: number;
    asyncTimeLimitS: number;
    defaultDbId: number | null;
    resultsTtlS: number;
    backendPersistence: boolean;
  };
  charts: {
    /** Chart data cache timeout in seconds when neither chart, dataset nor database sets one (CACHE_DEFAULT_TIMEOUT). */
    cacheTimeoutS: number;
    /** Budget of the in-process chart data cache (used without REDIS_URL). */
    cacheMaxBytes: number;
    /** Default row_limit of a chart query (ROW_LIMIT). */
    rowLimit: number;
    /** Hard cap on a chart query's rows (Superset caps with SQL_MAX_ROW, 100000). */
    maxRow: number;
    /** Rows of samples and drill to detail (SAMPLES_ROW_LIMIT). */
    samplesRowLimit: number;
    queryTimeoutS: number;
    /** Cache misses answer 202 and run on the job queue (GLOBAL_ASYNC_QUERIES). */
    globalAsyncQueries: boolean;
    /** Superset's DASHBOARD_RBAC: a dashboard's `roles` let their members see it (DASHBOARD_RBAC). */
    dashboardRbac: boolean;
    /** Superset's ESCAPE_MARKDOWN_HTML: dashboard markdown shows HTML tags as text. */
    escapeMarkdownHtml: boolean;
    /** Subqueries in adhoc SQL expressions for every database (else per database: extra.allow_adhoc_subquery). */
    allowAdhocSubquery: boolean;
  };
  sqlSafety: {
    /**
     * Superset's DISALLOWED_SQL_FUNCTIONS: engine -> function names refused in every SQL a user writes (SQL Lab,
     * datasets, chart expressions), admins included. DISALLOWED_SQL_FUNCTIONS replaces the defaults of the engines it names.
     */
    disallowedFunctions: Readonly<Record<string, readonly string[]>>;
  };
  thumbnails: {
    /** Chart thumbnails and screenshots drawn by a headless Chromium (THUMBNAILS). */
    enabled: boolean;
    /** The Chromium binary (CHROMIUM_PATH). */
    chromiumPath: string;
    /**
     * Where the browser opens the app (Superset's WEBDRIVER_BASEURL), without a trailing slash; null: this
     * server's own listening address, or http://127.0.0.1:<PORT> in a process that does not listen.
     */
    baseUrl: string | null;
  };
  /** Embedded dashboards' guest tokens (Superset's GUEST_TOKEN_* and GUEST_ROLE_NAME settings). */
  embedded: {
    /** Signs guest tokens (HS256); null: a key derived from SECRET_KEY for this purpose alone. */
    guestTokenSecret: string | null;
    guestTokenAudience: string;
    guestTokenExpSeconds: number;
    /** The role whose permissions (and row level security) a guest has, on top of its token's dashboards. */
    guestRoleName: string;
  };
  /** What database connections may reach (see modules/databases/connectionPolicy.ts). */
  connections: {
    /** SQLite and DuckDB files only inside fileDatabaseDirs (PREVENT_UNSAFE_DB_CONNECTIONS, as Superset's). */
    preventUnsafe: boolean;
    /** Folders file databases may be opened from (FILE_DATABASE_DIRS); DATA_DIR never is, but for the examples file. */
    fileDatabaseDirs: string[];
    /** Hosts, addresses and CIDR ranges never dialled (DB_CONNECTION_BLOCKED_HOSTS). */
    blockedHosts: string[];
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment; every problem is reported at once, by variable name. */
export function parseEnv(env: NodeJS.ProcessEnv): z.infer<typeof envSchema> {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** The secret key is never built in: taken from SECRET_KEY or generated once into DATA_DIR. */
function resolveSecretKey(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'secret_key');
  if (existsSync(file)) {
    const key = readFileSync(file, 'utf8').trim();
    if (key.length >= 32) return key;
  }
  const key = randomBytes(48).toString('base64url');
  writeFileSync(file, key + '\n', { mode: 0o600 });
  return key;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const e = parseEnv(env);
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    redisUrl: e.REDIS_URL ?? null,
    secretKey: resolveSecretKey(dataDir, e.SECRET_KEY),
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD ?? null,
    logLevel: e.LOG_LEVEL,
    examples: e.EXAMPLES === 'on',
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : null,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    queryPools: { maxPerUser: e.QUERY_MAX_PER_USER, queueTimeoutMs: Math.round(e.QUERY_QUEUE_TIMEOUT * 1000) },
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    passwordPolicy: { minLength: e.PASSWORD_MIN_LENGTH, requireClasses: e.PASSWORD_REQUIRE_CLASSES },
    auditLog: { retentionDays: e.AUDIT_LOG_RETENTION_DAYS },
    sqllab: {
      maxRow: e.SQL_MAX_ROW,
      defaultLimit: e.DEFAULT_SQLLAB_LIMIT,
      displayMaxRow: e.DISPLAY_MAX_ROW,
      timeoutS: e.SQLLAB_TIMEOUT,
      asyncTimeLimitS: e.SQLLAB_ASYNC_TIME_LIMIT_SEC,
      defaultDbId: e.SQLLAB_DEFAULT_DBID ?? null,
      resultsTtlS: e.RESULTS_TTL_SECONDS,
      backendPersistence: e.SQLLAB_BACKEND_PERSISTENCE === 'on',
    },
    charts: {
      cacheTimeoutS: e.CHART_CACHE_TIMEOUT,
      cacheMaxBytes: e.CHART_CACHE_MAX_MB * 1024 * 1024,
      rowLimit: e.ROW_LIMIT,
      maxRow: e.CHART_MAX_ROW,
      samplesRowLimit: e.SAMPLES_ROW_LIMIT,
      queryTimeoutS: e.CHART_QUERY_TIMEOUT,
      globalAsyncQueries: e.GLOBAL_ASYNC_QUERIES === 'on',
      dashboardRbac: e.DASHBOARD_RBAC === 'on',
      escapeMarkdownHtml: e.ESCAPE_MARKDOWN_HTML === 'on',
      allowAdhocSubquery: e.ALLOW_ADHOC_SUBQUERY === 'on',
    },
    sqlSafety: {
      disallowedFunctions: {
        ...DEFAULT_DISALLOWED_SQL_FUNCTIONS,
        ...Object.fromEntries(Object.entries(e.DISALLOWED_SQL_FUNCTIONS ?? {}).map(([engine, names]) => [engine.toLowerCase(), names])),
      },
    },
    thumbnails: {
      enabled: e.THUMBNAILS === 'on',
      chromiumPath: e.CHROMIUM_PATH,
      baseUrl: e.WEBDRIVER_BASEURL ? e.WEBDRIVER_BASEURL.replace(/\/+$/, '') : null,
    },
    embedded: {
      guestTokenSecret: e.GUEST_TOKEN_JWT_SECRET ?? null,
      guestTokenAudience: e.GUEST_TOKEN_JWT_AUDIENCE,
      guestTokenExpSeconds: e.GUEST_TOKEN_JWT_EXP_SECONDS,
      guestRoleName: e.GUEST_ROLE_NAME,
    },
    connections: {
      preventUnsafe: e.PREVENT_UNSAFE_DB_CONNECTIONS === 'on',
      fileDatabaseDirs: e.FILE_DATABASE_DIRS.map((d) => path.resolve(d)),
      blockedHosts: e.DB_CONNECTION_BLOCKED_HOSTS,
    },
  };
}
