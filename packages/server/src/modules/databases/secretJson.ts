import { PASSWORD_MASK } from '@tessera/core';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every string inside becomes the mask: what clients see of encrypted_extra (Superset's masked_encrypted_extra). */
export function maskJson(value: Json): Json {
  if (typeof value === 'string') return PASSWORD_MASK;
  if (Array.isArray(value)) return value.map(maskJson);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskJson(v)]));
  return value;
}

/** A masked value sent back means "keep what is stored at that place" (Superset's reveal_sensitive). */
export function revealJson(incoming: Json, stored: Json | undefined): Json {
  if (incoming === PASSWORD_MASK) return typeof stored === 'string' ? stored : incoming;
  if (Array.isArray(incoming)) return incoming.map((v, i) => revealJson(v, Array.isArray(stored) ? stored[i] : undefined));
  if (incoming && typeof incoming === 'object') {
    const old = stored && typeof stored === 'object' && !Array.isArray(stored) ? stored : {};
    return Object.fromEntries(Object.entries(incoming).map(([k, v]) => [k, revealJson(v, old[k])]));
  }
  return incoming;
}

export function parseJsonObject(text: string | null | undefined): Record<string, Json> {
  if (!text || !text.trim()) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, Json>) : {};
  } catch {
    return {};
  }
}

export type { Json };
