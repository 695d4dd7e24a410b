import { isIP } from 'node:net';
import type { EdgeSnapshot } from '@edgeward/edge-config';

/*
 * Bandwidth-abuse defence across requests (edge-platform policy): nginx caps one response after thresholdMb, but a
 * client fetching many responses is only seen in the access log. For each domain with the defence on, the bytes
 * sent to each client address are summed per second over the last windowSeconds; the clients over thresholdMb are
 * the domain's capped list (the renderer's `<id>-capped.geo`, which the agent owns), capped from their first byte.
 */

interface Watched {
  domainId: number;
  windowSeconds: number;
  thresholdBytes: number;
  /** client address -> second -> bytes */
  clients: Map<string, Map<number, number>>;
}

export class BandwidthWatch {
  private readonly byHost = new Map<string, Watched>();
  private readonly wildcards: [string, Watched][] = [];
  private readonly watched = new Map<number, Watched>();

  /** Follows the domains as they now are: the ones with the defence on keep their counts, others are dropped. */
  configure(snapshots: Iterable<EdgeSnapshot>): void {
    const previous = new Map(this.watched);
    this.byHost.clear();
    this.wildcards.length = 0;
    this.watched.clear();
    for (const snapshot of snapshots) {
      const abuse = snapshot.config?.eoSecurity?.bandwidthAbuseDefense;
      if (snapshot.state !== 'enabled' || abuse?.status !== 'on') continue;
      const watched: Watched = {
        domainId: snapshot.domainId,
        windowSeconds: abuse.windowSeconds,
        thresholdBytes: abuse.thresholdMb * 1024 * 1024,
        clients: previous.get(snapshot.domainId)?.clients ?? new Map(),
      };
      this.watched.set(snapshot.domainId, watched);
      for (const host of [snapshot.domainName, snapshot.cname]) {
        if (host.startsWith('*.')) this.wildcards.push([host.slice(1), watched]);
        else this.byHost.set(host, watched);
      }
    }
  }

  get domains(): number[] {
    return [...this.watched.keys()];
  }

  /** Counts access-log lines (JSON, nginx's log_format edgeward); lines of other domains cost a lookup. */
  add(text: string): void {
    if (this.watched.size === 0) return;
    for (const line of text.split('\n')) {
      if (!line) continue;
      let record: { time?: unknown; host?: unknown; client_ip?: unknown; bytes_sent?: unknown };
      try {
        record = JSON.parse(line);
      } catch {
        continue;
      }
      const host = typeof record.host === 'string' ? record.host.toLowerCase() : '';
      const watched = this.byHost.get(host) ?? this.wildcards.find(([suffix]) => host.endsWith(suffix))?.[1];
      const ip = record.client_ip;
      const bytes = Number(record.bytes_sent);
      const second = Math.floor(Number(record.time));
      if (!watched || typeof ip !== 'string' || !isIP(ip) || !(bytes > 0) || !Number.isFinite(second)) continue;
      const seconds = watched.clients.get(ip) ?? new Map<number, number>();
      watched.clients.set(ip, seconds);
      seconds.set(second, (seconds.get(second) ?? 0) + bytes);
    }
  }

  /** Each watched domain's clients over its threshold within its window ending `nowSeconds`, sorted. */
  capped(nowSeconds: number): Map<number, string[]> {
    const lists = new Map<number, string[]>();
    for (const watched of this.watched.values()) {
      const since = nowSeconds - watched.windowSeconds;
      const over: string[] = [];
      for (const [ip, seconds] of watched.clients) {
        let total = 0;
        for (const [second, bytes] of seconds) {
          if (second <= since) seconds.delete(second);
          else total += bytes;
        }
        if (seconds.size === 0) watched.clients.delete(ip);
        else if (total > watched.thresholdBytes) over.push(ip);
      }
      lists.set(watched.domainId, over.sort());
    }
    return lists;
  }
}

/** The geo include of a capped list: one `<address> 1;` line each. */
export function cappedFileContent(addresses: string[]): string {
  return addresses.map((address) => `${address} 1;\n`).join('');
}
