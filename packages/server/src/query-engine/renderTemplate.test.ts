import { describe, expect, it } from 'vitest';
import { parseTemplateParams, renderTemplate, TemplateRenderError, undeclaredVariables } from './renderTemplate.js';

describe('renderTemplate', () => {
  it('renders parameters and control flow', () => {
    expect(renderTemplate('SELECT {{ n }} {% if x %}AS x{% endif %}', { n: 3, x: true })).toBe('SELECT 3 AS x');
    expect(renderTemplate("SELECT '{{ s }}'", { s: "<b>&" })).toBe("SELECT '<b>&'");
    expect(renderTemplate('SELECT 1', {})).toBe('SELECT 1');
  });
  it('reports undefined parameters by name', () => {
    try {
      renderTemplate('SELECT {{ a }}, {{ b.c }} {% set d = 1 %}{{ d }}', { a: 1 });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(TemplateRenderError);
      expect((err as TemplateRenderError).kind).toBe('missing');
      expect((err as TemplateRenderError).undefinedParameters).toEqual(['b']);
    }
  });
  it('refuses syntax errors and sandbox escapes', () => {
    expect(() => renderTemplate('SELECT {{ a', { a: 1 })).toThrow(TemplateRenderError);
    const escapes = [
      '{{ range.constructor("return process")() }}',
      '{{ cycler.constructor("return process")().pid }}',
      '{{ "".constructor.constructor("return process")().pid }}',
      '{{ x["constr" + "uctor"]["constructor"]("return 1")() }}',
      '{% include "/etc/passwd" %}',
    ];
    for (const t of escapes) {
      expect(() => renderTemplate(t, { x: {} }), t).toThrow(TemplateRenderError);
    }
  });
  it('parses params', () => {
    expect(parseTemplateParams('{"a":1}')).toEqual({ a: 1 });
    expect(parseTemplateParams(undefined)).toEqual({});
    expect(() => parseTemplateParams('[1]')).toThrow(TemplateRenderError);
    expect(() => parseTemplateParams('{bad')).toThrow(TemplateRenderError);
  });
  it('finds undeclared variables', () => {
    expect(undeclaredVariables('{% for r in rows %}{{ r }}{{ y }}{% endfor %}', [])).toEqual(['rows', 'y']);
  });
});
