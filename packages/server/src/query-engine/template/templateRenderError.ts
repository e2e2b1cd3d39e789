/** Why a template could not be rendered; the services map these to the error catalogue. */
export class TemplateRenderError extends Error {
  override name = 'TemplateRenderError';
  constructor(
    message: string,
    readonly kind: 'invalid' | 'missing',
    readonly undefinedParameters: string[] = [],
  ) {
    super(message);
  }
}

/** A template mistake (syntax, type, budget): reported as malformed template parameters. */
export const invalidTemplate = (detail: string) => new TemplateRenderError(detail, 'invalid');
