import { hkdfSync } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { GUEST_TOKEN_TYPE, type GuestResource, type GuestRlsRule, type GuestTokenClaims, type GuestUser } from '@tessera/core';

export interface GuestTokenSettings {
  /** GUEST_TOKEN_JWT_SECRET, or null: a key derived from SECRET_KEY for this purpose alone. */
  secret: string | null;
  audience: string;
  expSeconds: number;
}

/** Tokens checked already: the embedded page sends the same one on every call. Bounded; entries die with their token. */
const VERIFIED_LIMIT = 5_000;

/** Guest tokens: HS256 JWTs in Superset's claim layout (user, resources, rls_rules, aud, type 'guest'). */
export class GuestTokenSigner {
  private readonly key: Uint8Array;
  private readonly verified = new Map<string, GuestTokenClaims>();

  constructor(
    private readonly settings: GuestTokenSettings,
    secretKey: string,
  ) {
    this.key = settings.secret
      ? new TextEncoder().encode(settings.secret)
      : new Uint8Array(hkdfSync('sha256', secretKey, 'tessera', 'guest-token', 32));
  }

  sign(user: GuestUser, resources: GuestResource[], rls: GuestRlsRule[]): Promise<string> {
    return new SignJWT({ user, resources, rls_rules: rls, type: GUEST_TOKEN_TYPE })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setAudience(this.settings.audience)
      .setExpirationTime(`${this.settings.expSeconds}s`)
      .sign(this.key);
  }

  /** The claims of a valid, unexpired guest token for our audience; null for anything else. */
  async verify(token: string): Promise<GuestTokenClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp * 1000 > Date.now()) return known;
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], audience: this.settings.audience });
      if (payload.type !== GUEST_TOKEN_TYPE || typeof payload.exp !== 'number' || !Array.isArray(payload.resources)) return null;
      const claims = payload as unknown as GuestTokenClaims;
      if (this.verified.size >= VERIFIED_LIMIT) this.verified.clear();
      this.verified.set(token, claims);
      return claims;
    } catch {
      return null;
    }
  }
}
