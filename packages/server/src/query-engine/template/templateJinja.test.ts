import { describe, expect, it } from 'vitest';
import { renderTemplate, TemplateRenderError, type TemplateParams } from '../renderTemplate.js';
import { templateContext, type TemplateRequest } from './templateContext.js';

const render = (template: string, params: TemplateParams = {}, request: TemplateRequest | null = null) =>
  renderTemplate(template, params, request ? templateContext(request) : {});

const errorOf = (template: string, params: TemplateParams = {}): TemplateRenderError => {
  try {
    renderTemplate(template, params);
  } catch (err) {
    expect(err).toBeInstanceOf(TemplateRenderError);
    return err as TemplateRenderError;
  }
  throw new Error(`rendered: ${template}`);
};

describe('Jinja syntax as Superset users write it', () => {
  it('writes values as Python prints them', () => {
    expect(render('{{ a }} {{ b }} {{ c }} {{ d }} {{ e }}', { a: null, b: true, c: false, d: 1.5, e: 'x' })).toBe('None True False 1.5 x');
    expect(render('{{ xs }} {{ d }}', { xs: ['a', 1, null], d: { k: "it's" } })).toBe(`['a', 1, None] {'k': "it's"}`);
    expect(render('{{ None }}{{ True }}{{ none }}{{ true }}')).toBe('NoneTrueNoneTrue');
  });

  it('handles comments, whitespace control and raw blocks', () => {
    expect(render('SELECT {# a comment #}1')).toBe('SELECT 1');
    expect(render('a   {%- if true -%}   b   {%- endif -%}   c')).toBe('abc');
    expect(render('{{- " x " -}}')).toBe(' x ');
    expect(render('{% raw %}{{ not rendered }}{% endraw %}')).toBe('{{ not rendered }}');
  });

  it('runs if / elif / else, inline if and boolean operators', () => {
    const t = '{% if n > 2 %}big{% elif n == 2 %}two{% else %}small{% endif %}';
    expect([1, 2, 3].map((n) => render(t, { n }))).toEqual(['small', 'two', 'big']);
    expect(render('{{ "y" if a else "n" }}{{ a and b }}{{ a or b }}{{ not a }}', { a: 1, b: 0 })).toBe('y01False');
    expect(render('{% if missing %}x{% else %}y{% endif %}')).toBe('y');
  });

  it('loops with loop.index, first, last, length, cycle and else', () => {
    expect(render('{% for x in xs %}{{ loop.index }}{{ x }}{% if not loop.last %},{% endif %}{% endfor %}', { xs: ['a', 'b', 'c'] })).toBe('1a,2b,3c');
    expect(render('{% for x in xs %}{{ loop.first }}/{{ loop.length }}/{{ loop.revindex0 }}/{{ loop.cycle("o", "e") }} {% endfor %}', { xs: [1, 2] })).toBe(
      'True/2/1/o False/2/0/e ',
    );
    expect(render('{% for x in xs %}{{ x }}{% else %}empty{% endfor %}', { xs: [] })).toBe('empty');
    expect(render('{% for k, v in d.items() %}{{ k }}={{ v }};{% endfor %}', { d: { a: 1, b: 2 } })).toBe('a=1;b=2;');
    expect(render('{% for k in d %}{{ k }}{% endfor %}{% for c in "ab" %}[{{ c }}]{% endfor %}', { d: { x: 1, y: 2 } })).toBe('xy[a][b]');
    expect(render('{% for i in range(3) %}{{ i }}{% endfor %}{% for i in range(1, 10, 4) %}{{ i }}{% endfor %}')).toBe('012159');
  });

  it('sets variables, block sets and keeps loop sets inside the loop (as Jinja)', () => {
    expect(render('{% set a = 1 %}{% set b, c = (2, 3) %}{{ a }}{{ b }}{{ c }}')).toBe('123');
    expect(render('{% set s %}x{{ 1 + 1 }}{% endset %}[{{ s }}]')).toBe('[x2]');
    expect(render('{% set a = 1 %}{% for i in [5] %}{% set a = i %}{% endfor %}{{ a }}')).toBe('1');
  });

  it('defines and calls macros, with defaults, keywords and call blocks', () => {
    const t = '{% macro col(name, alias=none) %}{{ name }}{% if alias %} AS {{ alias }}{% endif %}{% endmacro %}SELECT {{ col("a") }}, {{ col("b", alias="c") }}';
    expect(render(t)).toBe('SELECT a, b AS c');
    expect(render('{% macro wrap() %}({{ caller() }}){% endmacro %}{% call wrap() %}inner{% endcall %}')).toBe('(inner)');
    expect(errorOf('{% macro m(a) %}{% endmacro %}{{ m(1, 2) }}').kind).toBe('invalid');
  });

  it('evaluates comparisons, membership, arithmetic and concatenation', () => {
    expect(render('{{ 1 < 2 < 3 }} {{ "a" in "abc" }} {{ 2 in [1, 2] }} {{ "k" in d }} {{ 3 not in [1] }}', { d: { k: 1 } })).toBe('True True True True True');
    expect(render('{{ 7 // 2 }} {{ 7 % 3 }} {{ 2 ** 10 }} {{ 7 / 2 }} {{ -3 }} {{ "a" ~ 1 ~ none }} {{ "ab" * 2 }} {{ [1] + [2] }}')).toBe(
      '3 1 1024 3.5 -3 a1None abab [1, 2]',
    );
    expect(errorOf('{{ "a" + 1 }}').message).toMatch(/Unsupported operand types for \+: 'str' and 'int'/);
    expect(errorOf('{{ 1 / 0 }}').message).toMatch(/Division by zero/);
  });

  it('reads dictionaries and lists, and offers the Python methods templates use', () => {
    const params = { d: { a: 1, 'b c': 2 }, xs: ['x', 'y', 'z'], s: '  Hello, World  ' };
    expect(render('{{ d.a }}{{ d["b c"] }}{{ xs[0] }}{{ xs[-1] }}{{ d.get("nope", "dflt") }}{{ d.get("a") }}', params)).toBe('12xzdflt1');
    expect(render('{{ d.keys()|list }} {{ d.values()|list }} {{ d.items()|list }}', params)).toBe("['a', 'b c'] [1, 2] [['a', 1], ['b c', 2]]");
    expect(render('{{ s.strip() }}|{{ s.upper().strip() }}|{{ s.lower().strip() }}|{{ s.strip().replace("l", "L") }}', params)).toBe(
      'Hello, World|HELLO, WORLD|hello, world|HeLLo, WorLd',
    );
    expect(render('{{ "a,b,,c".split(",") }} {{ " a  b ".split() }} {{ "a,b,c".split(",", 1) }}')).toBe("['a', 'b', '', 'c'] ['a', 'b'] ['a', 'b,c']");
    expect(render('{{ "abc".startswith("a") }} {{ "abc".endswith(("x", "c")) }} {{ "-".join(xs) }}', params)).toBe('True True x-y-z');
    expect(render('{% set _ = xs.append("w") %}{{ xs|length }}', params)).toBe('4');
  });

  it('applies the filters Superset templates use', () => {
    const params = { xs: ['b', 'a', 'b', "O'Brien"], n: '42', f: '1.5', missing_ok: null };
    expect(render('{{ xs|join(", ") }}|{{ xs|unique|list }}|{{ xs|sort|first }}|{{ xs|last }}|{{ xs|length }}|{{ xs|count }}', params)).toBe(
      `b, a, b, O'Brien|['b', 'a', "O'Brien"]|a|O'Brien|4|4`,
    );
    expect(render('{{ nope|default("d") }}{{ nope|d("e") }}{{ ""|default("f", true) }}{{ missing_ok|default("g") }}{{ nope|default(none) }}', params)).toBe('defNoneNone');
    expect(render('{{ "AbC"|lower }}{{ "abc"|upper }}{{ "  x "|trim }}{{ "aXa"|replace("a", "b") }}', params)).toBe('abcABCxbXb');
    expect(render('{{ n|int + 1 }} {{ f|float }} {{ "x"|int }} {{ 3.7|int }} {{ 1|string ~ 2 }} {{ (-3)|abs }} {{ 2.567|round(2) }} {{ 2.5|round }}', params)).toBe(
      '43 1.5 0 3 12 3 2.57 3',
    );
    expect(render('{{ xs|where_in }}', params)).toBe(`('b', 'a', 'b', 'O''Brien')`);
    expect(render('{{ [1, none, true, "x"]|where_in }}')).toBe(`(1, NULL, TRUE, 'x')`);
    expect(renderTemplate('{{ ["a\\\\b\'"]|where_in }}', {}, { stringEscape: 'backslash' })).toBe(`('a\\\\b''')`);
    expect(render('{{ {"a": "<x>\'"}|tojson }}|{{ "s"|safe }}|{{ [3, 1, 2]|sort(reverse=true) }}|{{ [1, 2]|sum }}|{{ [4, 9]|max }}')).toBe(
      '{"a":"\\u003cx\\u003e\\u0027"}|s|[3, 2, 1]|3|9',
    );
  });

  it('evaluates tests', () => {
    const t =
      '{{ a is defined }}{{ b is defined }}{{ b is undefined }}{{ n is none }}{{ a is string }}{{ 1 is number }}{{ 2 is even }}{{ 3 is odd }}{{ 9 is divisibleby(3) }}{{ a is not none }}{{ xs is sequence }}{{ d is mapping }}';
    expect(render(t, { a: 'x', n: null, xs: [], d: {} })).toBe('TrueFalseTrueTrueTrueTrueTrueTrueTrueTrueTrueTrue');
  });

  it('refuses what it does not know, with an invalid-template error', () => {
    for (const t of ['{{ x|nosuchfilter }}', '{{ x is nosuchtest }}', '{% nosuchtag %}', '{{ dict(a=1) }}', '{% set a.b = 1 %}', '{% for x in 1 %}{% endfor %}']) {
      const err = errorOf(t, { x: 1 });
      expect(err.message, t).toMatch(/malformed template parameters|undefined/);
    }
  });

  it('names undefined parameters as Superset does', () => {
    const err = errorOf('SELECT {{ a }}, {{ b }} {% for r in rows %}{{ loop.index }}{% endfor %}', { rows: [1] });
    expect(err.kind).toBe('missing');
    expect(err.undefinedParameters).toEqual(['a', 'b']);
    expect(err.message).toBe('The following parameters in your query are undefined: "a", "b".');
    // A member missing from a dictionary that exists is a template mistake, not a missing parameter.
    expect(errorOf('{{ d.nope }}', { d: {} }).kind).toBe('invalid');
  });
});

describe('Superset macros over a request', () => {
  const request: TemplateRequest = {
    user: { id: 7, username: 'alice', email: 'alice@example.com' },
    urlParams: { country: "Côte d'Ivoire", empty: '' },
    filters: [
      { col: 'country', op: 'IN', val: ['FR', 'DE'] },
      { col: 'city', op: '==', val: 'Paris' },
      { col: 'zero', op: '==', val: 0 },
      { col: 'ds', op: 'TEMPORAL_RANGE', val: '2024-01-01 : 2024-02-01' },
    ],
    timeRange: '2023-01-01 : 2023-12-31',
    columnTypes: new Map([['ds', 'DATE']]),
    dialect: { stringEscape: 'standard', timestampLiteral: "TIMESTAMP '{value}'" },
  };

  it('renders filter_values as the Superset docs show it', () => {
    expect(render(`WHERE c IN ({{ "'" + "','".join(filter_values('country')) + "'" }})`, {}, request)).toBe("WHERE c IN ('FR','DE')");
    expect(render('{{ filter_values("country")|where_in }} {{ filter_values("city") }} {{ filter_values("nope", "x") }} {{ filter_values("zero") }}', {}, request)).toBe(
      "('FR', 'DE') ['Paris'] ['x'] []",
    );
    expect(render('{% for f in get_filters("city") %}{{ f.col }} {{ f.op }} {{ f.val }}{% endfor %}', {}, request)).toBe('city == Paris');
  });

  it('reads url parameters escaped for the database, and the current user', () => {
    expect(render("{% if url_param('country') %}'{{ url_param('country') }}'{% endif %}", {}, request)).toBe("'Côte d''Ivoire'");
    expect(render("{{ url_param('country', escape_result=False) }}|{{ url_param('empty', 'dflt') }}|{{ url_param('none') }}", {}, request)).toBe(
      "Côte d'Ivoire|dflt|None",
    );
    expect(render('{{ current_user_id() }} {{ current_username() }} {{ current_user_email() }} {{ cache_key_wrapper("k") }}', {}, request)).toBe(
      '7 alice alice@example.com k',
    );
    expect(render('{{ current_user_id() }}', {}, { user: null })).toBe('None');
    // Where no caller is known (a rendering shared between users), the user macros are not offered at all.
    expect(() => render('{{ current_user_id() }}', {}, {})).toThrow(/parameters in your query are undefined: "current_user_id"/);
  });

  it('answers get_time_filter with from_expr, to_expr and time_range', () => {
    expect(render('{% set t = get_time_filter("ds") %}{{ t.from_expr }}|{{ t.to_expr }}|{{ t.time_range }}', {}, request)).toBe(
      "TIMESTAMP '2024-01-01'|TIMESTAMP '2024-02-01'|2024-01-01 : 2024-02-01",
    );
    expect(render('{% set t = get_time_filter(strftime="%Y%m%d") %}{{ t.from_expr }}-{{ t.to_expr }}', {}, request)).toBe('20230101-20231231');
    expect(render('{% set t = get_time_filter() %}{{ t.from_expr }}|{{ t.time_range }}', {}, {})).toBe('None|No filter');
    expect(render('{{ get_time_filter(default="2020-01-01 : 2020-01-02", strftime="%Y").from_expr }}', {}, {})).toBe('2020');
    expect(() => render('{{ get_time_filter(default="not a range").from_expr }}', {}, {})).toThrow(TemplateRenderError);
  });

  it('binds macro arguments by Superset\'s names and refuses unknown ones', () => {
    expect(render('{{ filter_values(column="country", default="x")|join }}', {}, request)).toBe('FRDE');
    const err = (() => {
      try {
        render('{{ filter_values("a", constructor=1) }}', {}, request);
      } catch (e) {
        return e as TemplateRenderError;
      }
      return null;
    })();
    expect(err?.message).toMatch(/unexpected keyword argument 'constructor'/);
  });

  it('offers metric() only through the caller\'s lookup', () => {
    expect(() => render('{{ metric("m") }}', {}, request)).toThrow(TemplateRenderError);
    const withMetric = { ...request, metric: (name: string) => (name === 'revenue' ? 'SUM(price)' : null) };
    expect(render('SELECT {{ metric("revenue") }}', {}, withMetric)).toBe('SELECT SUM(price)');
    expect(() => render('{{ metric("nope") }}', {}, withMetric)).toThrow(/Metric `nope` not found/);
  });
});
