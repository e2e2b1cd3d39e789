import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export type TokenType = 'access' | 'refresh';

/**
 * Tokens already verified, so a client sending the same bearer on every request pays one HMAC check
 * (an async WebCrypto key import plus verify, ~10% of a cached chart-data answer) per token, not per
 * request. Bounded; an entry is dropped once its token expires.
 */
const VERIFIED_LIMIT = 10_000;

const LIFETIME_S: Record<TokenType, number> = { access: 15 * 60, refresh: 30 * 24 * 3600 };

/** JWTs in flask-jwt-extended's claim layout (sub, type, fresh, jti) so Superset clients read them unchanged. */
export class TokenIssuer {
  private readonly verified = new Map<string, { type: TokenType; userId: number; expiresMs: number }>();

  constructor(private readonly key: Uint8Array) {}

  issue(userId: number, type: TokenType, fresh: boolean): Promise<string> {
    return new SignJWT({ type, fresh })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setJti(randomUUID())
      .setIssuedAt()
      .setNotBefore('0s')
      .setExpirationTime(`${LIFETIME_S[type]}s`)
      .sign(this.key);
  }

  /** Returns the user id, or null for any invalid, expired or wrong-type token. */
  async verify(token: string, type: TokenType): Promise<number | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresMs > Date.now()) return known.type === type ? known.userId : null;
      this.verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const id = Number(payload.sub);
      if (!Number.isInteger(id) || (payload.type !== 'access' && payload.type !== 'refresh')) return null;
      this.remember(token, { type: payload.type, userId: id, expiresMs: (payload.exp ?? 0) * 1000 });
      return payload.type === type ? id : null;
    } catch {
      return null;
    }
  }

  private remember(token: string, entry: { type: TokenType; userId: number; expiresMs: number }): void {
    if (this.verified.size >= VERIFIED_LIMIT) {
      const now = Date.now();
      for (const [key, value] of this.verified) if (value.expiresMs <= now) this.verified.delete(key);
      // Still full of live tokens: forget the oldest (Map keeps insertion order).
      if (this.verified.size >= VERIFIED_LIMIT) this.verified.delete(this.verified.keys().next().value!);
    }
    this.verified.set(token, entry);
  }
}
