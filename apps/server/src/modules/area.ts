import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/connect';
import type { JobDefinition } from '../jobs/job';
import type { JobRunner } from '../jobs/runner';
import type { Schedule } from '../jobs/schedules';
import type { OpsCommand } from '../ops/ops';
import type { Providers } from '../providers';
import type { FileFolder } from '../providers/file-store';

/** What an area is built from: the configuration, the database, the clock, the providers and the job runner. */
export interface AreaContext {
  config: Config;
  database: Database;
  now: () => Date;
  /** How deliberate waits wait (a slowed login); tests that are not about the wait pass one that does not. */
  sleep?: (ms: number) => Promise<void>;
  providers: Providers;
  jobs: JobRunner;
  log: FastifyBaseLogger;
  metrics: AreaMetrics;
}

/**
 * What the areas count for the Prometheus metrics (metrics/console-metrics.ts implements it): events only the area
 * sees as they happen. What the database holds (jobs, edge nodes) is read when the metrics are scraped instead.
 */
export interface AreaMetrics {
  loginFailed(reason: string): void;
  paymentNotification(result: string): void;
  accessLogLines(result: 'ingested' | 'rejected' | 'unknown_host' | 'duplicate', lines: number): void;
}

/**
 * One area of the product (accounts, domains...) as the server and the operator command line see it. Each area
 * declares itself in `<area>/<area>.area.ts`, and modules/index.ts lists the areas.
 */
export interface Area {
  readonly name: string;
  /** Its routes, registered under /api. */
  routes?(ctx: AreaContext): FastifyPluginAsync;
  /** Its background job kinds with their handlers. */
  jobs?(ctx: AreaContext): JobDefinition[];
  /** Its periodic work; each schedule's job must be among its jobs. */
  readonly schedules?: readonly Schedule[];
  /** Its operator commands (`npm run ops -- <name>`). */
  readonly commands?: readonly OpsCommand[];
  /**
   * The folders of its uploaded files (avatars, ticket images), kept in the database; what an earlier version left in
   * DATA_DIR/<folder> is moved in at start (upload-import.ts).
   */
  readonly uploads?: readonly FileFolder[];
  /**
   * Fills the demo account with this area's sample data, once, when the demo account is created (development
   * only; modules/demo-account.ts). Whatever it writes is marked as sample data where the customer sees it.
   */
  sampleData?(ctx: AreaContext, owner: SampleOwner): Promise<void>;
}

/** The account that receives sample data. */
export interface SampleOwner {
  userId: number;
  userName: string;
}

export function defineArea(area: Area): Area {
  return area;
}
