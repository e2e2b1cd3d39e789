import type { FastifyInstance } from 'fastify';

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
    return parse(request, text, done);
  });
}
