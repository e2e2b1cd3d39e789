import {
  dataAccessViews,
  type GuestScope,
  type GuestTokenClaims,
  type GuestTokenCreate,
  type PermissionPair,
  type RoleGrant,
} from '@tessera/core';
import { badRequest, unauthorized } from '../../app/httpErrors.js';
import type { RequestPrincipal, SecurityService } from '../security/security.service.js';
import type { GuestTokenRepository } from './guestToken.repository.js';
import type { GuestTokenSigner } from './guestTokens.js';

/** What a guest may do beyond its role, on its dashboards only (the access gate narrows the routes further). */
const GUEST_PERMISSIONS: PermissionPair[] = [
  ['can_read', 'Dashboard'],
  ['can_read', 'Chart'],
  ['can_read', 'Dataset'],
  ['can_dashboard', 'Superset'],
  ['can_explore_json', 'Superset'],
  ['can_log', 'Superset'],
];

/** The name of the grant a token adds; RLS rules name roles, so a role of this name would apply to guests too. */
export const GUEST_GRANT_NAME = 'Guest token';

/** A resolved token is reused this long: the page sends one token on many calls at once. */
const PRINCIPAL_TTL_MS = 5_000;
const PRINCIPAL_CACHE_LIMIT = 1_000;

export const guestTokenRefused = () => unauthorized('Guest token is invalid or has expired');

/** Superset's message for a resource naming no embedded dashboard. */
export const EMBEDDED_NOT_FOUND = 'Embedded dashboard not found.';

const toInt = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null);

/** Datasets native filters read: their targets' datasetId (Superset's native_filter_configuration). */
function filterDatasetIds(jsonMetadata: string | null): number[] {
  if (!jsonMetadata) return [];
  try {
    const meta = JSON.parse(jsonMetadata) as { native_filter_configuration?: { targets?: { datasetId?: unknown }[] }[] };
    return (meta.native_filter_configuration ?? []).flatMap((f) => (Array.isArray(f.targets) ? f.targets.map((t) => toInt(t?.datasetId)) : [])).filter((id): id is number => id !== null);
  } catch {
    return [];
  }
}

/** Issues guest tokens and turns a presented one into the guest principal (Superset's guest user). */
export class GuestTokenService {
  private readonly principals = new Map<string, { at: number; principal: Promise<RequestPrincipal> }>();

  constructor(
    private readonly signer: GuestTokenSigner,
    private readonly repo: GuestTokenRepository,
    private readonly security: SecurityService,
    private readonly guestRoleName: string,
  ) {}

  /** A token for the body's user, resources and RLS clauses; every resource must name an embedded dashboard (400). */
  async issue(body: GuestTokenCreate): Promise<string> {
    const uuids = body.resources.map((r) => r.id.toLowerCase());
    const found = new Set((await this.repo.embedded(uuids)).map((e) => e.uuid));
    if (uuids.some((u) => !found.has(u))) throw badRequest(EMBEDDED_NOT_FOUND);
    const resources = body.resources.map((r) => ({ type: r.type, id: r.id.toLowerCase() }));
    return this.signer.sign(body.user ?? {}, resources, body.rls);
  }

  /** The guest principal of a token, or a 401 for a token that is badly signed, expired or not a guest token. */
  async principalFor(token: string): Promise<RequestPrincipal> {
    const now = Date.now();
    const cached = this.principals.get(token);
    if (cached && now - cached.at < PRINCIPAL_TTL_MS) return cached.principal;
    const claims = await this.signer.verify(token);
    if (!claims) throw guestTokenRefused();
    const principal = this.build(claims);
    if (this.principals.size >= PRINCIPAL_CACHE_LIMIT) this.principals.clear();
    this.principals.set(token, { at: now, principal });
    principal.catch(() => this.principals.delete(token));
    return principal;
  }

  private async build(claims: GuestTokenClaims): Promise<RequestPrincipal> {
    const uuids = claims.resources.filter((r) => r.type === 'dashboard').map((r) => String(r.id));
    const embedded = await this.repo.embedded(uuids);
    const dashboards = await this.repo.dashboards(embedded.map((e) => e.dashboard_id));
    const charts = await this.repo.chartsOf(dashboards.map((d) => d.id));
    const datasetIds = [
      ...new Set([...charts.filter((c) => c.datasource_type === 'table').map((c) => c.datasource_id), ...dashboards.flatMap((d) => filterDatasetIds(d.json_metadata))]),
    ];
    const datasets = await this.repo.datasets(datasetIds);
    const scope: GuestScope = {
      embeddedUuids: embedded.map((e) => e.uuid),
      dashboardIds: dashboards.map((d) => d.id),
      dashboardSlugs: dashboards.map((d) => d.slug).filter((s): s is string => !!s),
      chartIds: charts.map((c) => c.id),
      datasetIds: datasets.map((d) => d.id),
      rls: (claims.rls_rules ?? []).map((r) => ({ dataset: r.dataset, clause: r.clause })),
    };
    const grant: RoleGrant = {
      name: GUEST_GRANT_NAME,
      permissions: [...GUEST_PERMISSIONS, ...datasets.map((d): PermissionPair => ['datasource_access', dataAccessViews.datasource(d.database_name, d.table_name, d.id)])],
    };
    const roles = [...(await this.security.grantsOfRole(this.guestRoleName)), grant];
    return { id: null, user: null, via: 'guest', sessionId: null, roles, guest: scope };
  }
}
