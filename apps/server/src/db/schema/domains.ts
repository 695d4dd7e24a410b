import {
  type AccelerationType,
  accelerationTypes,
  type DomainConfig,
  type DomainStatus,
  type DomainVariant,
  domainStatuses,
  domainVariants,
  type EoSecurityExtras,
  type VerificationStatus,
} from '@edgeward/contract';
import {
  bigint,
  bigserial,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { at, id } from './columns';

export const domains = pgTable('domains', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: id('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  domainName: text('domain_name').notNull().unique(),
  /** The product it belongs to: the CDN or the edge platform (eo). */
  variant: text('variant', { enum: domainVariants }).notNull().default('cdn'),
  type: text('type', { enum: accelerationTypes }).notNull(),
  status: text('status', { enum: domainStatuses }).notNull(),
  cname: text('cname'),
  wholeSite: boolean('whole_site').notNull().default(false),
  reviewReason: text('review_reason'),
  abnormalReason: text('abnormal_reason'),
  /** Sample data of the demo account (development only), labelled as such in the console. */
  sample: boolean('sample').notNull().default(false),
  /** The edge serves the domain (a version applied, not disabled or failed since): it takes cache tasks. */
  edgeServing: boolean('edge_serving').notNull().default(false),
  // Millisecond precision, as the API has it, so that the list's keyset cursor read back from a row is exact.
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** The stored document: the API's DomainConfig without what the domains row and the version column carry. */
export type StoredDomainConfig = Omit<
  DomainConfig,
  'id' | 'domainName' | 'apexDomain' | 'cname' | 'configVersion' | 'updatedAt'
> & {
  /** The edge platform's security-policy parts the CDN has not (eo domains only; absent means all off). */
  eoSecurity?: EoSecurityExtras;
};

export const domainConfigs = pgTable('domain_configs', {
  domainId: id('domain_id')
    .primaryKey()
    .references(() => domains.id, { onDelete: 'cascade' }),
  config: jsonb('config').$type<StoredDomainConfig>().notNull(),
  version: integer('version').notNull().default(1),
  httpsCertificate: text('https_certificate'),
  httpsPrivateKey: text('https_private_key'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Exact list totals per user, type and status, kept by statement triggers on domains (migration 0003). */
export const domainCounts = pgTable(
  'domain_counts',
  {
    userId: id('user_id').notNull(),
    variant: text('variant').$type<DomainVariant>().notNull().default('cdn'),
    type: text('type').$type<AccelerationType>().notNull(),
    status: text('status').$type<DomainStatus>().notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.variant, t.type, t.status] })],
);

export const domainVerifications = pgTable(
  'domain_verifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    recordName: text('record_name').notNull(),
    recordValue: text('record_value').notNull(),
    status: text('status').$type<VerificationStatus>().notNull().default('pending'),
    verifiedAt: at('verified_at'),
    checkedAt: at('checked_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [unique().on(t.userId, t.domain)],
);
