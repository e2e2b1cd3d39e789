import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Everything derived from SECRET_KEY: one key per purpose (HKDF), so a leaked JWT key
 * cannot decrypt stored passwords and vice versa.
 */
export class Secrets {
  private readonly encKey: Buffer;
  readonly jwtKey: Uint8Array;
  private readonly csrfKey: Buffer;

  constructor(secretKey: string) {
    const derive = (info: string) => Buffer.from(hkdfSync('sha256', secretKey, 'tessera', info, 32));
    this.encKey = derive('encryption');
    this.jwtKey = new Uint8Array(derive('jwt'));
    this.csrfKey = derive('csrf');
  }

  /** AES-256-GCM; output is `v1:<iv>:<tag>:<ciphertext>` in base64url. */
  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.encKey, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join(':');
  }

  decrypt(payload: string): string {
    const [version, iv, tag, data] = payload.split(':');
    if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Unknown encrypted value format');
    const decipher = createDecipheriv('aes-256-gcm', this.encKey, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** CSRF token bound to a session (or an anonymous nonce): an HMAC, so nothing extra is stored. */
  csrfToken(binding: string): string {
    return createHmac('sha256', this.csrfKey).update(binding).digest('base64url');
  }

  verifyCsrf(binding: string, token: string | undefined): boolean {
    if (!token) return false;
    const expected = Buffer.from(this.csrfToken(binding));
    const given = Buffer.from(token);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
