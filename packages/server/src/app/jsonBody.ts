import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { findTooDeepJson, jsonTextTooDeep } from '@tessera/core';
import { jsonTooDeep } from './httpErrors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route gets its JSON body as a JsonText and parses it itself (it keeps parsed bodies by their text). */
    jsonText?: boolean;
  }
}

type Done = (err: Error | null, body?: unknown) => void;

/**
 * The largest request body read (Fastify's bodyLimit; multipart fields have their own cap). The biggest real
 * bodies are SQL Lab statements and dashboards' position JSON, a few MB at most; a larger body is answered 413
 * before it is read when it declares its length, else as soon as the limit is passed.
 */
export const MAX_BODY_BYTES = 20 * 1024 * 1024;

/**
 * A JSON body not parsed yet. A route that has already seen the same text (a dashboard refreshing its
 * charts sends the same bodies again) answers from what it kept and never parses it; `parse()` applies
 * the same rules as every other JSON body and throws the same 400.
 */
export class JsonText {
  constructor(
    readonly text: string,
    private readonly parser: (text: string, done: Done) => void,
  ) {}

  parse(): unknown {
    let out: { err: Error | null; body?: unknown } | null = null;
    this.parser(this.text, (err, body) => {
      out = { err, body };
    });
    const result = out as { err: Error | null; body?: unknown } | null;
    if (!result) throw new Error('the JSON parser did not answer synchronously');
    if (result.err) throw result.err;
    return result.body;
  }
}

/**
 * JSON bodies as Fastify parses them (prototype poisoning refused), except that an empty body with a JSON
 * content type reads as `{}`: scripts post `-H 'Content-Type: application/json'` with nothing to actions
 * such as favourites, which Superset accepts; a route that needs fields still answers its own 400.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  // A body nesting deeper than the cap is refused from its text, before anything recursive reads it.
  const parseShallow = (request: FastifyRequest, text: string, done: Done) => {
    if (jsonTextTooDeep(text)) return done(jsonTooDeep(null));
    return parse(request, text, done);
  };
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, {});
    if (request.routeOptions.config?.jsonText) {
      // No hook sees inside a JsonText: its JSON text fields are checked when it is parsed.
      const parseChecked = (t: string, d: Done) => parseShallow(request as FastifyRequest, t, (err, value) => (err ? d(err) : d(tooDeepIn(value), value)));
      return done(null, new JsonText(text, parseChecked));
    }
    return parseShallow(request, text, done);
  });
}

function tooDeepIn(value: unknown, where = ''): Error | null {
  const found = findTooDeepJson(value);
  if (!found) return null;
  const path = [where, found.path].filter(Boolean).join('.');
  return jsonTooDeep(path || null);
}

/**
 * preHandler (after the permission check): refuses JSON nesting deeper than core's MAX_JSON_DEPTH anywhere in
 * the body or query string, also as text inside a string field (`params`, `json_metadata`, `position_json`,
 * `query_context`, `template_params`, `extra`, form fields holding JSON). Every body parser is covered
 * (JSON, urlencoded, multipart fields), so nothing stores a document that recursive code cannot read back.
 */
export function refuseDeepJson(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const body = request.body;
  const err = (body instanceof JsonText ? null : tooDeepIn(body)) ?? tooDeepIn(request.query, 'query');
  done(err ?? undefined);
}
