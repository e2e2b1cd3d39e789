import { importPasswordsSchema, type ImportPasswords } from '@tessera/core';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../app/httpErrors.js';

/** Bounds of an import upload: one bundle file (ZIPs of YAML are small) and a few short fields. */
export const IMPORT_UPLOAD_LIMITS = { files: 1, fileSize: 20 * 1024 * 1024, fields: 20, fieldSize: 1024 * 1024, parts: 30 } as const;

export interface ImportForm {
  bundle: Buffer;
  overwrite: boolean;
  passwords: ImportPasswords;
}

function passwordsOf(text: string | undefined): ImportPasswords {
  if (text === undefined || text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest({ passwords: ['Not a valid JSON object.'] });
  }
  const parsed = importPasswordsSchema.safeParse(value);
  if (!parsed.success) throw badRequest({ passwords: ['Must map bundle file names to passwords.'] });
  return parsed.data;
}

/**
 * The multipart form of `POST /import/` as Superset's import endpoints read it: the bundle in `formData`,
 * `overwrite` as "true"/"false", `passwords` as JSON text. The SSH tunnel fields are accepted and ignored.
 */
export async function readImportForm(request: FastifyRequest): Promise<ImportForm> {
  if (!request.isMultipart()) throw badRequest({ formData: ['Send the bundle as multipart/form-data.'] });
  let bundle: Buffer | null = null;
  const fields = new Map<string, string>();
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (part.fieldname === 'formData') bundle = data;
    } else if (typeof part.value === 'string') {
      fields.set(part.fieldname, part.value);
    }
  }
  if (bundle === null) throw badRequest({ formData: ['Missing data for required field.'] });
  return { bundle, overwrite: fields.get('overwrite') === 'true', passwords: passwordsOf(fields.get('passwords')) };
}
