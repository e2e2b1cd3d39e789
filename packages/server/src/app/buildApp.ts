import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { AppConfig } from './config.js';
import type { AppContext } from './context.js';
import { MAX_BODY_BYTES, refuseDeepJson, registerJsonBody } from './jsonBody.js';
import { registerErrorHandler } from './errorHandler.js';
import { registerFieldSelection } from './fieldSelection.js';
import { checkRoutePermission, requireRoutePermissions, type RouteRecord } from './routePermission.js';
import { registerSecurityHeaders } from './securityHeaders.js';
import { Secrets } from './secrets.js';
import { createMetadataStore, type MetadataStore } from '../metadata-store/createMetadataStore.js';
import { AuthService } from '../modules/auth/auth.service.js';
import { authRoutes } from '../modules/auth/auth.routes.js';
import { registerAuthentication } from '../modules/auth/authenticate.js';
import { bootstrapAdmin } from '../modules/auth/bootstrapAdmin.js';
import { LoginThrottle } from '../modules/auth/loginThrottle.js';
import { TokenIssuer } from '../modules/auth/tokens.js';
import { annotationLayersModule } from '../modules/annotationLayers/index.js';
import { auditLogModule, registerRequestAudit } from '../modules/audit/index.js';
import { databasesModule } from '../modules/databases/index.js';
import { chartDataModule } from '../modules/chartData/index.js';
import { chartsModule } from '../modules/charts/index.js';
import { chartScreenshotsModule } from '../modules/chartScreenshots/index.js';
import { dashboardsModule } from '../modules/dashboards/index.js';
import { dashboardStateModule } from '../modules/dashboardState/index.js';
import { dashboardScreenshotsModule } from '../modules/dashboardScreenshots/index.js';
import { datasetsModule } from '../modules/datasets/index.js';
import type { DatasetsService } from '../modules/datasets/datasets.service.js';
import type { ChartsService } from '../modules/charts/charts.service.js';
import type { DashboardsService } from '../modules/dashboards/dashboards.service.js';
import type { DashboardEditsService } from '../modules/dashboards/dashboardEdits.service.js';
import { embeddedModule } from '../modules/embedded/index.js';
import { exploreModule } from '../modules/explore/index.js';
import { guestTokenModule, registerGuestAccess } from '../modules/guestToken/index.js';
import { importExportModule } from '../modules/importExport/index.js';
import { keyValueModule } from '../modules/keyValue/index.js';
import { savedQueriesModule } from '../modules/savedQueries/index.js';
import { rowLevelSecurityModule } from '../modules/rowLevelSecurity/index.js';
import { sqllabModule } from '../modules/sqllab/index.js';
import type { ResultsBackend } from '../query-engine/resultsBackend.js';
import { tabStateModule } from '../modules/tabState/index.js';
import { timeRangeModule } from '../modules/timeRange/index.js';
import { healthRoutes } from '../modules/health/health.routes.js';
import { SecurityRepository } from '../modules/security/security.repository.js';
import { securityRoutes } from '../modules/security/security.routes.js';
import { SecurityService } from '../modules/security/security.service.js';
import { UsersRepository } from '../modules/security/users.repository.js';
import { webRoutes } from '../modules/web/web.routes.js';
import { appBootstrap } from '../modules/web/appBootstrap.js';

export interface BuildAppOptions {
  /** Pino options or false; tests pass false. */
  logger?: boolean | Record<string, unknown>;
  /** Reuse a store (tests); otherwise one is opened from the config. */
  store?: MetadataStore;
  /** Where the admin's generated password is printed (stdout by default). */
  print?: (text: string) => void;
  /** SQL Lab's results backend, instead of the one the config names (tests watch what is stored when). */
  resultsBackend?: ResultsBackend;
}

export interface BuiltApp {
  app: FastifyInstance;
  /** Every route with the permission it declared. */
  routes: RouteRecord[];
  ctx: AppContext;
  security: SecurityService;
  /** The datasets service (the examples register their datasets through it at first start). */
  datasets: DatasetsService;
  /** Charts and dashboards services: the example charts and dashboards are created through them at first start. */
  charts: ChartsService;
  dashboards: DashboardsService;
  dashboardEdits: DashboardEditsService;
}

/** The composition root: opens the stores, wires services and registers every module. */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<BuiltApp> {
  // The logger exists only once Fastify does; pool errors before that have nobody to tell.
  let poolErrorLog: ((err: Error) => void) | null = null;
  const store =
    options.store ??
    (await createMetadataStore({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onPoolError: (err) => poolErrorLog?.(err),
    }));
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 3, lazyConnect: false }) : null;

  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: true,
    bodyLimit: MAX_BODY_BYTES,
    routerOptions: { ignoreTrailingSlash: false },
  });
  const routes = requireRoutePermissions(app);
  poolErrorLog = (err) => app.log.warn({ err }, 'a metadata database connection was dropped; it will be replaced');

  const secrets = new Secrets(config.secretKey);
  const ctx: AppContext = { config, store, db: store.db, secrets, redis, log: app.log };

  const usersRepo = new UsersRepository(store.db);
  const securityRepo = new SecurityRepository(store.db);
  const security = new SecurityService(securityRepo, usersRepo, config.passwordPolicy);
  await security.syncBuiltinRoles();
  await bootstrapAdmin(usersRepo, securityRepo, config.adminUsername, config.adminPassword, options.print ?? ((t) => process.stdout.write(t + '\n')), config.passwordPolicy);
  await usersRepo.deleteExpiredSessions();

  const auth = new AuthService(
    usersRepo,
    security,
    new TokenIssuer(secrets.jwtKey),
    new LoginThrottle(config.loginRateLimit, redis),
    config.sessionTtlMs,
  );

  registerSecurityHeaders(app);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  registerErrorHandler(app);
  registerJsonBody(app);
  const guestTokens = guestTokenModule({ ctx, security });
  registerAuthentication(app, auth, secrets, guestTokens.service);
  app.addHook('preHandler', checkRoutePermission);
  registerGuestAccess(app);
  app.addHook('preHandler', refuseDeepJson);
  registerFieldSelection(app);
  // During shutdown, answers to in-flight requests close their keep-alive socket, so close() does not wait
  // for the idle timeout; new requests meanwhile get 503 (fastify's return503OnClosing).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Callback style: an async hook costs a promise and a microtask turn on every answer (the chart-data hot path).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  const deps = { ctx, security };
  const auditLog = auditLogModule(deps);
  registerRequestAudit(app, auditLog.service);
  await app.register(auditLog);
  await app.register(healthRoutes(store.db));
  await app.register(authRoutes(auth, secrets, false));
  await app.register(securityRoutes(security));
  await app.register(guestTokens);
  const databases = databasesModule(deps);
  await app.register(databases);
  const rowLevelSecurity = rowLevelSecurityModule(deps);
  await app.register(rowLevelSecurity);
  const dataDeps = { ...deps, databases: databases.service, databaseMetadata: databases.metadata, rowLevelSecurity: rowLevelSecurity.service };
  await app.register(sqllabModule(dataDeps, options.resultsBackend ? { resultsBackend: options.resultsBackend } : {}));
  await app.register(savedQueriesModule(dataDeps));
  await app.register(tabStateModule(dataDeps));
  const keyValue = keyValueModule(dataDeps);
  await app.register(keyValue);
  const datasets = datasetsModule(dataDeps);
  await app.register(datasets);
  const charts = chartsModule({ ...dataDeps, datasets: datasets.service });
  await app.register(charts);
  const chartScreenshots = chartScreenshotsModule({ ...deps, charts: charts.service, sessions: auth });
  await app.register(chartScreenshots);
  const dashboards = dashboardsModule({ ...dataDeps, charts: charts.service, favorites: charts.favorites, datasets: datasets.service });
  await app.register(importExportModule({ ...dataDeps, datasets: datasets.service, charts: charts.service, dashboards: dashboards.service }));
  await app.register(dashboards);
  await app.register(embeddedModule({ ...deps, dashboards: dashboards.service }));
  const dashboardState = dashboardStateModule({ keyValue: keyValue.service, dashboards: dashboards.service });
  await app.register(dashboardState);
  await app.register(
    dashboardScreenshotsModule({ ...deps, dashboards: dashboards.service, permalinks: dashboardState.permalinks, sessions: auth, screenshotter: chartScreenshots.screenshotter }),
  );
  await app.register(exploreModule({ ...dataDeps, datasets: datasets.service, keyValue: keyValue.service, charts: charts.service }));
  await app.register(annotationLayersModule(deps));
  await app.register(timeRangeModule());
  await app.register(chartDataModule({ ...dataDeps, datasets: datasets.service, charts: charts.service }));
  await app.register(webRoutes(config.webDist, () => appBootstrap(config)));

  app.addHook('onClose', async () => {
    if (redis) await redis.quit().catch(() => undefined);
    if (!options.store) await store.close();
  });

  return { app, routes, ctx, security, datasets: datasets.service, charts: charts.service, dashboards: dashboards.service, dashboardEdits: dashboards.edits };
}
