/**
 * Quoting shared by the dialects; each connector binds these to its own quote character
 * (capabilities.identifierQuote) so nothing here knows an engine name.
 */

/** Words that must be quoted as identifiers in at least one of our engines (SQL:2016 core plus common extensions). */
const RESERVED = new Set(
  `all alter analyse analyze and any array as asc asymmetric authorization between binary both by case cast check collate
  column constraint create cross current_catalog current_date current_role current_schema current_time current_timestamp
  current_user default deferrable delete desc distinct do drop else end except exists false fetch for foreign freeze from
  full grant group having ilike in index initially inner insert intersect interval into is isnull join key lateral leading
  left like limit localtime localtimestamp match natural not notnull null offset on only or order outer over overlaps
  partition placing primary qualify range references returning right row rows select session_user similar some symmetric
  table tablesample then to trailing true union unique update user using values variadic verbose when where window with`
    .split(/\s+/)
    .filter(Boolean),
);

export function quoteIdentifierWith(quote: '"' | '`', name: string): string {
  return quote + name.split(quote).join(quote + quote) + quote;
}

/**
 * Quotes only when needed, as SQLAlchemy does: reserved words, upper-case letters, or characters
 * outside `[a-z0-9_$]` (and a leading digit or `$`). Keeps generated SQL readable: `FROM main.birth_names`.
 */
export function quoteIdentifierIfNeeded(quote: '"' | '`', name: string): string {
  const plain = /^[a-z_][a-z0-9_$]*$/.test(name) && !RESERVED.has(name);
  return plain ? name : quoteIdentifierWith(quote, name);
}

/** Standard SQL string literal; `escapeBackslash` for engines that treat `\` as an escape (MySQL by default). */
export function quoteLiteralWith(value: string, escapeBackslash: boolean): string {
  if (value.includes('\0')) throw new Error('String literals cannot contain NUL characters');
  const body = (escapeBackslash ? value.replace(/\\/g, '\\\\') : value).replace(/'/g, "''");
  return `'${body}'`;
}
