import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export type TokenType = 'access' | 'refresh';

const LIFETIME_S: Record<TokenType, number> = { access: 15 * 60, refresh: 30 * 24 * 3600 };

/** JWTs in flask-jwt-extended's claim layout (sub, type, fresh, jti) so Superset clients read them unchanged. */
export class TokenIssuer {
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
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (payload.type !== type) return null;
      const id = Number(payload.sub);
      return Number.isInteger(id) ? id : null;
    } catch {
      return null;
    }
  }
}
