import { limits } from '../limits';
import { isIp } from './ip';

const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
/** Characters that would make the URL parser read something other than a host name (a path, port, user...). */
const NOT_IN_HOST = /[\s/?#@:%\\[\]*]/;

interface UrlLike {
  hostname: string;
}
/** WHATWG URL exists in browsers and Node alike; the contract's own lib setting does not declare it. */
const UrlCtor = (globalThis as unknown as { URL: new (input: string) => UrlLike }).URL;

/**
 * The ASCII (punycode) form of a domain name as typed: trimmed, lower-cased, one trailing dot dropped, and
 * internationalized names converted with the platform's IDNA mapping (UTS #46, as browsers do). Input that cannot
 * be a host name comes back only trimmed and lower-cased, so that the format check rejects it.
 */
export function toAsciiDomain(input: string): string {
  const name = input.trim().toLowerCase().replace(/\.$/, '');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the test is for anything outside ASCII
  if (!/[^\x00-\x7f]/.test(name) || NOT_IN_HOST.test(name)) return name;
  try {
    return new UrlCtor(`http://${name}`).hostname;
  } catch {
    return name;
  }
}

export type DomainNameProblem = 'required' | 'wildcard' | 'tooLong' | 'labelTooLong' | 'format';

/**
 * Checks a domain name already in ASCII form (see toAsciiDomain): at most 253 characters, at least two labels of
 * 1-63 letters, digits and inner hyphens, an alphabetic (or punycode) top-level label. Wildcards and IP addresses
 * are not domain names here. Returns null when the name is fine.
 */
export function domainNameProblem(name: string): DomainNameProblem | null {
  if (name === '') return 'required';
  if (name.startsWith('*')) return 'wildcard';
  if (name.length > limits.domain.nameMax) return 'tooLong';
  if (isIp(name)) return 'format';
  const labels = name.split('.');
  if (labels.length < 2) return 'format';
  if (labels.some((label) => label.length > limits.domain.labelMax)) return 'labelTooLong';
  if (!labels.every((label) => LABEL.test(label))) return 'format';
  return TLD.test(labels[labels.length - 1]!) ? null : 'format';
}

export function isDomainName(name: string): boolean {
  return domainNameProblem(name) === null;
}
