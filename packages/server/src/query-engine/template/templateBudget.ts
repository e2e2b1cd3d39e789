import { invalidTemplate } from './templateRenderError.js';

/** Work one render may do: every statement, expression and loop turn is a step. */
export const MAX_TEMPLATE_STEPS = 100_000;
/** Text a render may write beyond the template's own text (and the size of any one string or list it builds). */
export const MAX_TEMPLATE_OUTPUT = 1_000_000;
/** Nested macro calls (a macro calling itself ends here instead of on the process stack). */
export const MAX_MACRO_DEPTH = 20;
/** Items `range()` may produce. */
export const MAX_RANGE = 10_000;
/** Characters or items a step pays for when a string or list is built. */
const UNITS_PER_STEP = 64;

/**
 * The limits of one render. Steps bound the time a template can take (loops over ranges, nested loops,
 * macros), sizes bound the memory: any string or list built is paid for by its length before it is built.
 */
export class TemplateBudget {
  private steps = 0;
  readonly maxChars: number;

  constructor(
    sourceLength: number,
    private readonly maxSteps = MAX_TEMPLATE_STEPS,
  ) {
    this.maxChars = MAX_TEMPLATE_OUTPUT + sourceLength;
  }

  tick(n = 1): void {
    this.steps += n;
    if (this.steps > this.maxSteps) {
      throw invalidTemplate(`The template does too much work (over ${this.maxSteps} steps): check its loops and macros.`);
    }
  }

  /** Pays for a string or list of `size` characters or items, refusing one over the output limit. */
  size(size: number): void {
    if (!(size <= this.maxChars)) throw invalidTemplate(`The template builds a value over ${this.maxChars} characters or items.`);
    this.tick(1 + Math.floor(size / UNITS_PER_STEP));
  }
}

/** Text written by a render or captured by a block ({% set %} block, macro body), under the output limit. */
export class TemplateOutput {
  private readonly parts: string[] = [];
  private length = 0;

  constructor(private readonly budget: TemplateBudget) {}

  write(text: string): void {
    this.length += text.length;
    if (this.length > this.budget.maxChars) throw invalidTemplate(`The rendered query is over ${this.budget.maxChars} characters.`);
    this.parts.push(text);
  }

  text(): string {
    return this.parts.join('');
  }
}
