import { randomBytes } from 'node:crypto';
import type { LoginResponse, MeResult, MeRolesResult } from '@tessera/core';
import { ApiError, unauthorized } from '../../app/httpErrors.js';
import { randomToken, sha256 } from '../../app/secrets.js';
import { toBool } from '../../metadata-store/createMetadataStore.js';
import type { RequestPrincipal, SecurityService } from '../security/security.service.js';
import type { UserRow, UsersRepository } from '../security/users.repository.js';
import type { LoginThrottle } from './loginThrottle.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { TokenIssuer } from './tokens.js';

export const INVALID_LOGIN = 'Invalid login. Please try again.';

// Verifying against a real hash for unknown users keeps response time the same, so usernames cannot be probed.
const DUMMY_HASH = hashPassword(randomBytes(16).toString('hex'));

export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly security: SecurityService,
    private readonly tokens: TokenIssuer,
    private readonly throttle: LoginThrottle,
    private readonly sessionTtlMs: number,
  ) {}

  /** Checks credentials with per-user-and-IP throttling; returns the active user or throws 401/429. */
  async authenticate(username: string, password: string, ip: string): Promise<UserRow> {
    const decision = await this.throttle.check(username, ip);
    if (!decision.allowed) {
      throw new ApiError(429, {
        message: `Too many login attempts. Try again in ${decision.retryAfterSeconds} seconds.`,
        retry_after: decision.retryAfterSeconds,
      });
    }
    const user = await this.users.findByUsername(username);
    const ok = user ? await verifyPassword(user.password_hash, password) : await verifyPassword(await DUMMY_HASH, password);
    if (!user || !ok || !toBool(user.active)) {
      await this.throttle.fail(username, ip);
      if (user && !ok) await this.users.recordFailedLogin(user.id);
      throw unauthorized(INVALID_LOGIN);
    }
    await this.throttle.succeed(username, ip);
    await this.users.recordLogin(user.id);
    return user;
  }

  async issueTokens(user: UserRow, withRefresh: boolean): Promise<LoginResponse> {
    const access_token = await this.tokens.issue(user.id, 'access', true);
    return withRefresh ? { access_token, refresh_token: await this.tokens.issue(user.id, 'refresh', false) } : { access_token };
  }

  async refresh(refreshToken: string): Promise<LoginResponse> {
    return (await this.refreshAs(refreshToken)).tokens;
  }

  /** A new access token for the refresh token's user, with that user (the audit log names who refreshed). */
  async refreshAs(refreshToken: string): Promise<{ user: UserRow; tokens: LoginResponse }> {
    const id = await this.tokens.verify(refreshToken, 'refresh');
    const user = id === null ? null : await this.users.findById(id);
    if (!user || !toBool(user.active)) throw unauthorized('Token is invalid or has expired');
    return { user, tokens: { access_token: await this.tokens.issue(user.id, 'access', false) } };
  }

  /** A new session; returns the cookie value (only its hash is stored). */
  async startSession(user: UserRow): Promise<{ cookie: string; maxAgeS: number }> {
    const cookie = randomToken(32);
    await this.users.createSession(sha256(cookie), user.id, new Date(Date.now() + this.sessionTtlMs).toISOString());
    return { cookie, maxAgeS: Math.floor(this.sessionTtlMs / 1000) };
  }

  /**
   * A session for the headless browser that draws a chart picture as this user: the same cookie the web app signs in
   * with, so the app's own requests are the user's, but lasting only the render. Null for a user who may not sign in.
   */
  async startRenderSession(userId: number, ttlMs: number): Promise<{ cookie: string; sessionId: string } | null> {
    const user = await this.users.findById(userId);
    if (!user || !toBool(user.active)) return null;
    const cookie = randomToken(32);
    const sessionId = sha256(cookie);
    await this.users.createSession(sessionId, user.id, new Date(Date.now() + ttlMs).toISOString());
    return { cookie, sessionId };
  }

  async endSession(sessionId: string): Promise<void> {
    await this.users.deleteSession(sessionId);
  }

  /** Resolves who is calling: bearer token, then session cookie, then anonymous (Public role). */
  async resolve(bearer: string | null, sessionCookie: string | null): Promise<RequestPrincipal> {
    if (bearer !== null) {
      const id = await this.tokens.verify(bearer, 'access');
      const user = id === null ? null : await this.users.findRecentById(id);
      if (!user || !toBool(user.active)) throw unauthorized('Token is invalid or has expired');
      return this.security.principalFor(user, 'bearer', null);
    }
    if (sessionCookie) {
      const sid = sha256(sessionCookie);
      const session = await this.users.findSession(sid);
      if (session && session.expires_on > new Date().toISOString()) {
        const user = await this.users.findRecentById(session.user_id);
        if (user && toBool(user.active)) return this.security.principalFor(user, 'session', sid);
      }
    }
    return this.security.principalFor(null, 'anonymous', null);
  }

  me(user: UserRow): MeResult {
    return {
      id: user.id,
      username: user.username,
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      is_active: toBool(user.active),
      is_anonymous: false,
      login_count: user.login_count,
    };
  }

  meRoles(principal: RequestPrincipal & { user: UserRow }): MeRolesResult {
    const roles: Record<string, [string, string][]> = {};
    const database_access: string[] = [];
    const datasource_access: string[] = [];
    for (const role of principal.roles) {
      roles[role.name] = role.permissions.map(([p, v]) => [p, v]);
      for (const [p, v] of role.permissions) {
        if (p === 'database_access') database_access.push(v);
        if (p === 'datasource_access') datasource_access.push(v);
      }
    }
    const { user } = principal;
    return {
      user_id: user.id,
      username: user.username,
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      is_active: toBool(user.active),
      is_anonymous: false,
      roles,
      permissions: { database_access, datasource_access },
    };
  }
}
