import {
  certificateApplicationStatuses,
  certificateEventKinds,
  certificateKeyTypes,
  certificateSources,
  type VerificationFailure,
} from '@edgeward/contract';
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { at, id } from './columns';
import { domains } from './domains';

export const certificates = pgTable(
  'certificates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    source: text('source', { enum: certificateSources }).notNull(),
    certificatePem: text('certificate_pem').notNull(),
    /** AES-256-GCM, secrets/secret-box.ts; never read for a response. */
    privateKeySealed: text('private_key_sealed').notNull(),
    commonName: text('common_name').notNull(),
    dnsNames: jsonb('dns_names').$type<string[]>().notNull(),
    subject: text('subject').notNull(),
    issuer: text('issuer').notNull(),
    issuerName: text('issuer_name').notNull(),
    keyType: text('key_type', { enum: certificateKeyTypes }).notNull(),
    keyBits: integer('key_bits').notNull(),
    notBefore: at('not_before').notNull(),
    notAfter: at('not_after').notNull(),
    fingerprint256: text('fingerprint256').notNull(),
    serialNumber: text('serial_number').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('certificates_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc())],
);

export const certificateDeployments = pgTable('certificate_deployments', {
  domainId: id('domain_id')
    .primaryKey()
    .references(() => domains.id, { onDelete: 'cascade' }),
  certificateId: id('certificate_id')
    .notNull()
    .references(() => certificates.id, { onDelete: 'restrict' }),
  domainName: text('domain_name').notNull(),
  deployedAt: at('deployed_at').notNull().defaultNow(),
});

/** The installation's ACME account per directory; the key sealed (secret-box.ts). */
export const acmeAccounts = pgTable('acme_accounts', {
  directoryUrl: text('directory_url').primaryKey(),
  accountKeySealed: text('account_key_sealed').notNull(),
  accountUrl: text('account_url'),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** One DNS-01 TXT record the customer adds, with the ACME objects it answers. */
export interface ApplicationRecord {
  /** The identifier: a name, or the base name of a wildcard (`*.example.com` -> example.com). */
  domainName: string;
  wildcard: boolean;
  /** `_acme-challenge.<domainName>` */
  name: string;
  value: string;
  authorizationUrl: string;
  challengeUrl: string;
}

export interface StoredMessage {
  key: string;
  params?: Record<string, string>;
}

export interface StoredDnsCheck {
  name: string;
  expected: string;
  found: string[];
  failure: VerificationFailure | null;
}

export interface StoredDeployResult {
  domainId: number;
  domainName: string;
  ok: boolean;
  message?: StoredMessage;
}

export const certificateApplications = pgTable(
  'certificate_applications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    domainNames: jsonb('domain_names').$type<string[]>().notNull(),
    keyType: text('key_type', { enum: certificateKeyTypes }).notNull(),
    status: text('status', { enum: certificateApplicationStatuses }).notNull(),
    deployDomainIds: jsonb('deploy_domain_ids').$type<number[]>().notNull().default([]),
    deployResults: jsonb('deploy_results').$type<StoredDeployResult[]>(),
    orderUrl: text('order_url'),
    records: jsonb('records').$type<ApplicationRecord[]>().notNull().default([]),
    certificateKeySealed: text('certificate_key_sealed'),
    certificateId: id('certificate_id').references(() => certificates.id, { onDelete: 'set null' }),
    renewalOf: id('renewal_of').references(() => certificates.id, { onDelete: 'cascade' }),
    failure: jsonb('failure').$type<StoredMessage>(),
    failureStage: text('failure_stage', { enum: ['dns', 'acme'] }),
    dnsCheck: jsonb('dns_check').$type<StoredDnsCheck[]>(),
    retryCount: integer('retry_count').notNull().default(0),
    /** Why the last try did not get through (the CA unreachable, still validating), while it is tried again. */
    retryReason: jsonb('retry_reason').$type<StoredMessage>(),
    nextAttemptAt: at('next_attempt_at'),
    /** A renewal's notices already sent (renewal-notices.ts), each once. */
    noticesSent: jsonb('notices_sent').$type<string[]>().notNull().default([]),
    workerLeaseUntil: at('worker_lease_until'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    recordsAt: at('records_at'),
    verifiedAt: at('verified_at'),
    completedAt: at('completed_at'),
  },
  (t) => [
    index('certificate_applications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('certificate_applications_status_idx').on(t.status, t.recordsAt),
    uniqueIndex('certificate_applications_renewal_idx')
      .on(t.renewalOf)
      .where(sql`status IN ('creating', 'pending', 'generating')`),
  ],
);

export const certificateEvents = pgTable(
  'certificate_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: certificateEventKinds }).notNull(),
    certificateId: id('certificate_id').references(() => certificates.id, { onDelete: 'set null' }),
    applicationId: id('application_id').references(() => certificateApplications.id, { onDelete: 'set null' }),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('certificate_events_user_idx').on(t.userId, t.createdAt.desc())],
);
