import { describe, expect, it } from 'vitest';
import { snapshotOf, withBandwidthDefense } from '../test/snapshots';
import { BandwidthWatch, cappedFileContent } from './bandwidth-watch';

const MB = 1024 * 1024;

const guarded = (domainId: number, domainName: string, status: 'on' | 'off' = 'on') =>
  withBandwidthDefense(snapshotOf({ domainId, domainName, version: 1, originPort: 9000 }), {
    status,
    thresholdMb: 10,
    windowSeconds: 60,
  });

const line = (time: number, host: string, ip: string, bytes: number) =>
  `${JSON.stringify({ time, host, status: 200, bytes_sent: bytes, client_ip: ip })}\n`;

describe('the bandwidth watch', () => {
  it('lists the clients over the threshold across requests within the window', () => {
    const watch = new BandwidthWatch();
    watch.configure([guarded(1, 'a.test'), guarded(2, 'b.test', 'off')]);
    expect(watch.domains).toEqual([1]);
    watch.add(
      line(1000, 'a.test', '192.0.2.1', 6 * MB) +
        line(1030, 'a.test', '192.0.2.1', 5 * MB) +
        line(1030, 'a.test', '192.0.2.2', 9 * MB) +
        line(1030, 'b.test', '192.0.2.3', 50 * MB) +
        line(1030, 'A.TEST', '2001:db8::1', 11 * MB) +
        'not json\n',
    );
    expect(watch.capped(1040)).toEqual(new Map([[1, ['192.0.2.1', '2001:db8::1']]]));
    // A minute after the first request, its bytes no longer count.
    expect(watch.capped(1061)).toEqual(new Map([[1, ['2001:db8::1']]]));
    expect(watch.capped(1100)).toEqual(new Map([[1, []]]));
  });

  it('counts the CNAME and wildcard hosts of a domain, and keeps counts across a reconfiguration', () => {
    const watch = new BandwidthWatch();
    const wildcard = guarded(3, '*.img.test');
    watch.configure([wildcard]);
    watch.add(line(10, 'x.img.test', '198.51.100.7', 6 * MB));
    watch.configure([wildcard]);
    watch.add(line(11, wildcard.cname, '198.51.100.7', 6 * MB));
    expect(watch.capped(20).get(3)).toEqual(['198.51.100.7']);
    watch.configure([]);
    expect(watch.capped(20).size).toBe(0);
  });

  it('writes the geo lines nginx includes', () => {
    expect(cappedFileContent(['192.0.2.1', '2001:db8::1'])).toBe('192.0.2.1 1;\n2001:db8::1 1;\n');
    expect(cappedFileContent([])).toBe('');
  });
});
