import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route gets its JSON body as a JsonText and parses it itself (it keeps parsed bodies by their text). */
    jsonText?: boolean;
  }
}

type Done = (err: Error | null, body?: unknown) => void;

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
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, {});
    if (request.routeOptions.config?.jsonText) return done(null, new JsonText(text, (t, d) => parse(request as FastifyRequest, t, d)));
    return parse(request, text, done);
  });
}
