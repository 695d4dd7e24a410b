import { isDomainName, toAsciiDomain } from '@edgeward/contract';
import { getDomain } from 'tldts';

/**
 * The registrable (apex) domain of a host, in ASCII: the name whose owner proves control with the TXT record. It
 * follows the public suffix list, private suffixes included, so that a customer of a hosting platform
 * (user.github.io) verifies their own name and never the platform's. Null when the name has no registrable part:
 * a public suffix itself (co.za, github.io), an IP address or no domain name at all.
 */
export function apexDomain(name: string): string | null {
  const ascii = toAsciiDomain(name);
  if (!isDomainName(ascii)) return null;
  return getDomain(ascii, { allowPrivateDomains: true, extractHostname: false });
}
