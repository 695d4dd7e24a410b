/*
 * Values written into nginx configuration. Everything a customer typed is written in double quotes, so spaces,
 * braces and semicolons stay part of the value. Inside quotes nginx reads `\\` and `\"` as escapes; a `$` would start
 * a variable where values are interpolated, so it is written as `${ew_dollar}` (a geo variable that is always "$",
 * see main.ts). Control characters are dropped: a header value or map key can never hold a line break.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: dropping control characters is the point
const CONTROL = /[\x00-\x08\x0a-\x1f\x7f]/g;

function escapeQuoted(value: string): string {
  return value.replace(CONTROL, '').replace(/[\\"]/g, (c) => `\\${c}`);
}

/** A value where nginx expands variables (add_header, proxy_set_header, set, return). */
export function quote(value: string): string {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: nginx's ${name} variable syntax, not a template
  return `"${escapeQuoted(value).replace(/\$/g, '${ew_dollar}')}"`;
}

/** A value nginx takes literally (map keys, regexes of location, map and rewrite, file names). */
export function quoteLiteral(value: string): string {
  return `"${escapeQuoted(value)}"`;
}

/** A literal value followed by an nginx expression the caller wrote itself (a path ending in a variable). */
export function quoteLiteralThen(value: string, expression: string): string {
  return `"${escapeQuoted(value)}${expression}"`;
}

/** A string matched literally inside a PCRE regex. */
export function regexEscape(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, (c) => `\\${c}`);
}

/**
 * The UA rule syntax of the UA filter and of client filtering's allow rules: '*' is the only wildcard, every other
 * character is itself, and a rule matches the whole user agent (case-insensitively, with `~*`).
 */
export function userAgentRuleRegex(rule: string): string {
  return `^${rule.split('*').map(regexEscape).join('.*')}$`;
}
