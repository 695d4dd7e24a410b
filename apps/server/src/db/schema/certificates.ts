import { certificateKeyTypes, certificateSources } from '@edgeward/contract';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
    /** AES-256-GCM, modules/certificate/secret-box.ts; never read for a response. */
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
