import { type StaffNotice, StaffNoticeSchema } from '@edgeward/contract';
import type { RuleRender } from 'antd/es/form';
import { issueText, type Translate } from '../../../lib/form';

/** The notice form's values: the audience chooses whether the user name is asked for. */
export interface NoticeValues {
  title: string;
  content: string;
  audience: StaffNotice['audience'];
  userName?: string;
}

/** What is sent: the user name only for one customer (a name left in the hidden field is not the audience). */
export function noticeOf(values: NoticeValues): StaffNotice {
  const { userName, ...rest } = values;
  return rest.audience === 'user' ? { ...rest, userName: userName?.trim() ?? '' } : rest;
}

/**
 * The first problem of one field against the whole notice schema, translated, or undefined: for the rules the
 * schema states across fields (the user name, required for one customer only), the same check as the server's.
 */
export function noticeFieldProblem(values: NoticeValues, field: keyof NoticeValues, t: Translate): string | undefined {
  const result = StaffNoticeSchema.safeParse(noticeOf(values));
  if (result.success) return undefined;
  const issue = result.error.issues.find((candidate) => candidate.path[0] === field);
  if (!issue) return undefined;
  return issueText(issue, t);
}

/** The sent list's "to": every customer, or the customer's user name. */
export function recipientOf(to: string, allText: string): string {
  return to === 'all' ? allText : to;
}

/** The user name's rule: required for one customer, by the whole notice schema as the server checks it. */
export function userNameRule(t: Translate): RuleRender {
  return ({ getFieldsValue }) => ({
    required: true,
    validator: (_rule, value: string | undefined) => {
      const values = { ...(getFieldsValue() as NoticeValues), userName: value };
      const problem = noticeFieldProblem(values, 'userName', t);
      return problem === undefined ? Promise.resolve() : Promise.reject(new Error(problem));
    },
  });
}
