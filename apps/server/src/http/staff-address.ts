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

declare module 'fastify' {
  interface FastifyInstance {
    /** STAFF_ALLOWED_IPS as a block list; null when every address may call the staff routes. */
    staffAddresses: BlockList | null;
  }
}

/** The decoration app.ts puts on the instance: null for an empty list. */
export function staffAddressesOf(entries: readonly string[]): BlockList | null {
  return entries.length === 0 ? null : blockListOf(entries);
}

/**
 * The first onRequest hook of every staff call (registerRoute: auth 'staff', and the sign-in under /admin): 403
 * STAFF_ADDRESS_REFUSED from outside STAFF_ALLOWED_IPS, before the token is looked at.
 */
export const refuseStaffAddress: onRequestAsyncHookHandler = async function refuseStaffAddress(request) {
  const allowed = this.staffAddresses;
  if (!allowed) return;
  const ip = clientIp(request);
  if (!allowed.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4')) throw new AppError('STAFF_ADDRESS_REFUSED');
};
