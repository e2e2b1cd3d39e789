import { afterEach, describe, expect, it } from 'vitest';
import { renderTemplate, TemplateRenderError, type TemplateParams } from '../renderTemplate.js';
import { templateContext } from './templateContext.js';

/**
 * Security finding 1: templates compiled to JavaScript reached Function through any value's constructor.
 * Each payload below ran code under the old renderer (nunjucks with a string-key guard); the code sets a
 * global marker, so "refused or inert" is checked by the marker staying unset, not by an error message.
 */
const MARK = '__tesseraTemplateEscape';
const BODY = `globalThis.${MARK} = (globalThis.${MARK} || 0) + 1; return 'ESC' + 'APED'`;
const g = globalThis as Record<string, unknown>;

/** What a render did: its output or its error. Only TemplateRenderError is an acceptable error. */
function attempt(template: string, params: TemplateParams = {}, withMacros = false): string {
  const context = withMacros ? templateContext({ user: { id: 1, username: 'admin', email: 'a@example.com' } }) : {};
  try {
    return renderTemplate(template, params, context);
  } catch (err) {
    expect(err, template).toBeInstanceOf(TemplateRenderError);
    return `<refused: ${(err as Error).message}>`;
  }
}

function expectContained(template: string, params: TemplateParams = {}, withMacros = false): string {
  const out = attempt(template, params, withMacros);
  expect(g[MARK], template).toBeUndefined();
  expect(out, template).not.toContain('ESCAPED');
  expect(out, template).not.toContain('uid=');
  expect(out, template).not.toMatch(/function|\[native code\]|\[object /);
  return out;
}

afterEach(() => {
  delete g[MARK];
});

describe('template sandbox (finding 1)', () => {
  it('refuses the published proof of concept (constructor reached through an array key)', () => {
    const poc = `SELECT '{{ ""[["constructor"]][["constructor"]]("return process.getBuiltinModule('child_process').execSync('id').toString()")() }}'`;
    const out = expectContained(poc);
    expect(out).toMatch(/^<refused: The query contains one or more malformed template parameters\./);
  });

  it('refuses the key when it comes from template parameters', () => {
    expectContained(`{{ ""[k][k]("${BODY}")() }}`, { k: ['constructor'] });
    expectContained(`{{ x[p][p]("${BODY}")() }}`, { x: {}, p: 'constructor' });
    expectContained(`{{ x[k][0] }}{{ ""[k[0]][k[0]]("${BODY}")() }}`, { x: {}, k: ['constructor'] });
  });

  it('refuses the key when the template builds it ({% set %}, concatenation, filters)', () => {
    expectContained(`{% set k = ["constructor"] %}{{ ""[k][k]("${BODY}")() }}`);
    expectContained(`{{ ""[["con" ~ "structor"]][["con" ~ "structor"]]("${BODY}")() }}`);
    expectContained(`{{ ""[["CONSTRUCTOR"|lower]][["CONSTRUCTOR"|lower]]("${BODY}")() }}`);
    expectContained(`{{ ""[("c","onstructor")|join][("c","onstructor")|join]("${BODY}")() }}`);
    expectContained(`{% set k %}constructor{% endset %}{{ ""[[k]][[k]]("${BODY}")() }}`);
    expectContained(`{{ ""|attr("constructor") }}`);
  });

  it('refuses the way through loop objects, macros and functions', () => {
    expectContained(`{% for x in [1] %}{{ loop[["constructor"]][["constructor"]]("${BODY}")() }}{% endfor %}`);
    expectContained(`{% macro m() %}{% endmacro %}{{ m[["constructor"]]("${BODY}")() }}`);
    expectContained(`{% macro m() %}{% endmacro %}{{ m[["prototype"]][["constructor"]][["constructor"]]("${BODY}")() }}`);
    expectContained(`{{ range[["constructor"]]("${BODY}")() }}`);
    expectContained(`{{ url_param[["constructor"]]("${BODY}")() }}`, {}, true);
    expectContained(`{{ current_user_id[["call"]][["constructor"]]("${BODY}")() }}`, {}, true);
    expectContained(`{{ "".upper[["constructor"]]("${BODY}")() }}`);
    expectContained(`{{ {}.get[["constructor"]]("${BODY}")() }}`);
  });

  it('refuses __proto__, prototype, valueOf and toString paths', () => {
    expectContained(`{{ ""[["__proto__"]][["constructor"]][["constructor"]]("${BODY}")() }}`);
    expectContained(`{{ x[["valueOf"]][["constructor"]]("${BODY}")() }}`, { x: {} });
    expectContained(`{{ x[["toString"]][["constructor"]]("${BODY}")() }}`, { x: {} });
    expectContained(`{{ (1)[["toString"]][["constructor"]]("${BODY}")() }}`);
    expectContained(`{{ [][["__proto__"]][["map"]][["constructor"]]("${BODY}")() }}`);
  });

  it('writes host members as nothing: a member the engine does not define is undefined, never a JavaScript value', () => {
    for (const member of ['constructor', '__proto__', 'prototype', 'valueOf', 'toString', 'hasOwnProperty', 'length', '__defineGetter__']) {
      for (const target of ['""', '[]', '{}', '1', 'x', 'range', 'none', 'true']) {
        const out = expectContained(`{{ ${target}.${member} is defined }}|{{ ${target}["${member}"] is defined }}`, { x: { a: 1 } });
        // Only the list's and string's own `length`... which Python does not have either: all undefined.
        expect(out, `${target}.${member}`).toMatch(/^(False\|False|<refused: .*>)$/);
      }
    }
  });

  it('calls nothing but its own macros and methods: numbers, strings, lists and data are not callable', () => {
    for (const t of ['{{ (1)() }}', '{{ "abc"() }}', '{{ [1]() }}', '{{ x() }}', '{{ x.a() }}', '{{ none() }}', '{{ "".nope() }}']) {
      const out = expectContained(t, { x: { a: 1 } });
      expect(out, t).toMatch(/^<refused: /);
    }
  });

  it('leaves the process and its prototypes alone when parameters carry hostile keys', () => {
    const params = JSON.parse('{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}}, "d": {"__proto__": {"polluted": 1}}}') as TemplateParams;
    const out = expectContained('{{ d.__proto__.polluted }}-{{ constructor.prototype.polluted }}-{{ __proto__.polluted }}', params);
    expect(out).toBe('1-1-1');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('copies parameters in: the template cannot change the caller\'s objects', () => {
    const xs = ['a'];
    const params = { xs } as TemplateParams;
    expect(renderTemplate('{% set _ = xs.append("b") %}{{ xs|join(",") }}', params)).toBe('a,b');
    expect(xs).toEqual(['a']);
  });

  it('refuses statements that would read other templates or files', () => {
    for (const t of ['{% include "/etc/passwd" %}', '{% import "x" as y %}', '{% from "x" import y %}', '{% extends "x" %}', '{% block b %}{% endblock %}', '{{ r/a/ }}']) {
      const out = expectContained(t);
      expect(out, t).toMatch(/^<refused: /);
    }
  });
});

describe('template limits', () => {
  const refused = (template: string, params: TemplateParams = {}) => {
    const started = Date.now();
    let error: unknown = null;
    try {
      renderTemplate(template, params);
    } catch (err) {
      error = err;
    }
    expect(error, template).toBeInstanceOf(TemplateRenderError);
    expect((error as TemplateRenderError).kind).toBe('invalid');
    expect(Date.now() - started, template).toBeLessThan(5_000);
    return (error as TemplateRenderError).message;
  };

  it('stops loops over huge ranges and nested loops with a clear error', () => {
    expect(refused('{% for i in range(1000000000) %}x{% endfor %}')).toMatch(/range\(\) is limited/);
    expect(refused('{% for i in range(10000) %}{% for j in range(10000) %}{{ i }}{% endfor %}{% endfor %}')).toMatch(/too much work/);
  });

  it('caps output and the size of values built', () => {
    expect(refused("{{ 'x' * 100000000 }}")).toMatch(/over \d+ characters/);
    expect(refused("{% set s = 'x' * 600000 %}{{ s ~ s }}")).toMatch(/over \d+ characters/);
    expect(refused("{% set s = 'x' * 100000 %}{% for i in range(20) %}{{ s }}{% endfor %}")).toMatch(/over \d+ characters|too much work/);
    // A list that doubles on every turn (append reaches the list outside the loop's scope).
    expect(refused("{% set a = ['x'] %}{% for i in range(64) %}{% for x in a %}{% set _ = a.append(x) %}{% endfor %}{% endfor %}")).toMatch(
      /items|too much work/,
    );
  });

  it('pays for every node of values that share parts, so writing or comparing them cannot explode', () => {
    const doubled = (name: string) => `{% set ${name} = [1] %}${`{% set ${name} = [${name}, ${name}] %}`.repeat(60)}`;
    expect(refused(`${doubled('a')}{{ a }}`)).toMatch(/too much work/);
    expect(refused(`${doubled('a')}${doubled('b')}{{ a == b }}`)).toMatch(/too much work/);
    expect(refused(`${doubled('a')}${doubled('b')}{{ a < b }}`)).toMatch(/too much work/);
    expect(refused(`${doubled('a')}{{ a|tojson }}`)).toMatch(/too much work/);
    expect(refused(`${doubled('a')}{{ a ~ '' }}`)).toMatch(/too much work/);
    expect(refused(`${doubled('a')}${doubled('b')}{{ a in [1, 2, b] }}`)).toMatch(/too much work/);
    // Arguments handed to a macro are copied out of the sandbox: the copy is paid for too.
    expect(() => renderTemplate(`${doubled('a')}{{ cache_key_wrapper(a) }}`, {}, templateContext({}))).toThrow(/too much work/);
    expect(refused("{% set a = [] %}{% set _ = a.append(a) %}{% set _ = a.append(a) %}{{ a }}")).toMatch(/nested too deeply|too much work/);
  });

  it('splits long text in linear time', () => {
    const words = `${'w '.repeat(400_000)}`;
    const started = Date.now();
    expect(renderTemplate('{{ s.split(none, 300000)|length }}', { s: words })).toBe('300001');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('turns deep nesting and runaway recursion into an invalid template, not a crash', () => {
    refused(`{{ ${'('.repeat(20000)}1${')'.repeat(20000)} }}`);
    refused(`{{ ${'['.repeat(5000)}1${']'.repeat(5000)} }}`);
    refused(`{{ ${'not '.repeat(50000)}1 }}`);
    refused(`{{ 1${' + 1'.repeat(5000)} }}`);
    refused(`${'{% if true %}'.repeat(5000)}x${'{% endif %}'.repeat(5000)}`);
    expect(refused('{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(0) }}')).toMatch(/nested more than/);
  });
});
