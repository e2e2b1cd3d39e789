import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENV_KEYS } from './config.js';

const readme = readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../README.md'), 'utf8');

describe("the README's configuration table", () => {
  it('lists every setting the server validates, and no setting it does not read', () => {
    const listed = [...readme.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((m) => m[1]);
    expect(ENV_KEYS.filter((key) => !listed.includes(key))).toEqual([]);
    expect(listed.filter((key) => !ENV_KEYS.includes(key as (typeof ENV_KEYS)[number]))).toEqual([]);
  });
});
