import { z } from 'zod';
import { limits } from '../limits';
import { UserNameSchema } from './auth';
import { EpochMsSchema, multilineText, PageQuerySchema, text } from './common';

const m = limits.message;

export const StaffNoticeDraftSchema = z.object({
  title: text().trim().min(1, { error: 'validation.required' }).max(m.titleMax, { error: 'validation.tooLong' }),
  /** HTML, sanitized on the server like every message (formatting, lists, tables, https images, links). */
  content: multilineText()
    .trim()
    .min(1, { error: 'validation.required' })
    .max(m.contentMax, { error: 'validation.tooLong' }),
});

/** A notice to every account, or to one named by its user name. */
export const StaffNoticeSchema = StaffNoticeDraftSchema.extend({
  audience: z.enum(['all', 'user'], { error: 'validation.required' }),
  userName: UserNameSchema.optional(),
}).superRefine((value, ctx) => {
  if (value.audience === 'user' && !value.userName) {
    ctx.addIssue({ code: 'custom', path: ['userName'], message: 'validation.required' });
  }
});
export type StaffNotice = z.infer<typeof StaffNoticeSchema>;

/** The notice as the customer will see it: the title, and the content after the sanitizer. */
export const StaffNoticePreviewSchema = z.object({ title: z.string(), html: z.string() });
export type StaffNoticePreview = z.infer<typeof StaffNoticePreviewSchema>;

export const StaffNoticeSentSchema = z.object({ recipients: z.number().int() });

export const StaffNoticeListQuerySchema = PageQuerySchema;

/** A notice sent, as the staff audit log keeps it. */
export const StaffNoticeRecordSchema = z.object({
  id: z.number().int(),
  staffName: z.string(),
  title: z.string(),
  /** 'all', or the customer's user name. */
  to: z.string(),
  recipients: z.number().int(),
  sentAt: EpochMsSchema,
});
export type StaffNoticeRecord = z.infer<typeof StaffNoticeRecordSchema>;
