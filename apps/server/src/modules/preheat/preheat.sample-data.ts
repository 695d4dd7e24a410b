import type { CacheTaskType } from '@edgeward/contract';
import type { AreaContext, SampleOwner } from '../area';
import { cacheTaskDomainsOfHosts } from './caller-domains';
import * as repo from './preheat.repository';

const DAY_MS = 86_400_000;

/** Each sample task: its kind, when (days ago, outside today's quota), and its URLs with the edge's result. */
const samples: { type: CacheTaskType; daysAgo: number; urls: [string, string | null][] }[] = [
  {
    type: 'refreshUrl',
    daysAgo: 3,
    urls: [
      ['https://www.example.com/index.html', null],
      ['https://www.example.com/css/site.css', null],
    ],
  },
  { type: 'refreshDir', daysAgo: 2, urls: [['https://static.example.com/images/', null]] },
  {
    type: 'preheat',
    daysAgo: 1,
    urls: [
      ['https://www.example.com/downloads/app-2.4.0.zip', null],
      ['https://www.example.com/downloads/app-2.3.9.zip', 'The origin answered 404 Not Found'],
    ],
  },
];

/**
 * The demo account's task history: a URL refresh and a directory refresh that succeeded and a preheat with one URL
 * the origin did not have (failed, so that resubmitting it can be tried). Recorded as the edge's reports would
 * leave them, on days before today so that today's quota is untouched.
 */
export async function addSampleCacheTasks(ctx: AreaContext, owner: SampleOwner): Promise<void> {
  const now = ctx.now().getTime();
  await ctx.database.db.transaction(async (tx) => {
    const hosts = samples.flatMap((sample) => sample.urls.map(([url]) => new URL(url).host));
    const domains = await cacheTaskDomainsOfHosts(tx, owner.userId, hosts);
    const domainIdOf = (url: string) => {
      const found = domains.get(new URL(url).host);
      if (!found?.ready) throw new Error(`The sample domain of ${url} is not served`);
      return found.domain.id;
    };
    for (const sample of samples) {
      const at = new Date(now - sample.daysAgo * DAY_MS);
      const task = await repo.insertTask(tx, {
        userId: owner.userId,
        type: sample.type,
        urls: sample.urls.map(([url]) => ({ url, domainId: domainIdOf(url) })),
        at,
      });
      let failedCount = 0;
      for (const [position, [, failure]] of sample.urls.entries()) {
        if (failure) failedCount++;
        await repo.setUrlResultSystem(tx, task.id, position, {
          status: failure ? 'failed' : 'success',
          reason: failure,
        });
      }
      await repo.finishSystem(tx, task.id, {
        status: failedCount > 0 ? 'failed' : 'success',
        failedCount,
        at: new Date(at.getTime() + 2 * 60_000),
      });
    }
  });
}
