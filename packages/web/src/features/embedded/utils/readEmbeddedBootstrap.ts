import { EMBEDDED_BOOTSTRAP_ELEMENT_ID, type EmbeddedBootstrap } from '@tessera/core';

/** What the server wrote into the embedded page (the dashboard and its allowed domains); null when it is missing or malformed. */
export function readEmbeddedBootstrap(doc: Document = document): EmbeddedBootstrap | null {
  const text = doc.getElementById(EMBEDDED_BOOTSTRAP_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<EmbeddedBootstrap>;
    if (typeof value.uuid !== 'string' || typeof value.dashboard_id !== 'number' || !Array.isArray(value.allowed_domains)) return null;
    return { uuid: value.uuid, dashboard_id: value.dashboard_id, allowed_domains: value.allowed_domains.filter((d): d is string => typeof d === 'string') };
  } catch {
    return null;
  }
}
