import { dnsControlClient } from '@edgeward/testkit';
import { e2e } from './env';

/**
 * The app under test resolves through the test kit's loopback DNS server (started in global-setup.ts); tests publish
 * the TXT and CNAME records a customer would add at their DNS provider, and the A records of origin names, through
 * its control API.
 */
export const { set: setDnsRecords } = dnsControlClient(`http://127.0.0.1:${e2e.dnsControlPort}/records`);
