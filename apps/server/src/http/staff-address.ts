import { BlockList, isIP } from 'node:net';
import type { onRequestAsyncHookHandler } from 'fastify';
import { AppError } from './errors';
import { clientIp } from './trust-proxy';

/**
 * STAFF_ALLOWED_IPS: a comma-separated list of addresses and CIDR ranges the operator console answers; empty for
 * any address. A bad entry stops the start, as a list that silently allowed everyone would be worse.
 */
export function parseStaffAllowedIps(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
    if (!family || extra !== undefined || !prefixOk) {
      throw new Error(`STAFF_ALLOWED_IPS: '${entry}' is not an IP address or a CIDR range`);
    }
  }
  return entries;
}

function blockListOf(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/** An onRequest hook for the staff routes: 403 STAFF_ADDRESS_REFUSED from outside the list; nothing without one. */
export function staffAddressGuard(entries: readonly string[]): onRequestAsyncHookHandler | undefined {
  if (entries.length === 0) return undefined;
  const allowed = blockListOf(entries);
  return async (request) => {
    const ip = clientIp(request);
    if (!allowed.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4')) throw new AppError('STAFF_ADDRESS_REFUSED');
  };
}
