import { describe, expect, it } from 'vitest';
import { limits } from '../limits';
import { issueMessage } from '../messages';
import { StaffNoticeDraftSchema, StaffNoticeSchema } from './staff-notice';

const m = limits.message;
const notice = { title: 'Maintenance', content: '<p>Tonight</p>', audience: 'all' } as const;

/** Every refusal as the server and the notices desk show it: its path and message key. */
function refusals(input: unknown) {
  return (StaffNoticeSchema.safeParse(input).error?.issues ?? []).map((issue) => [
    issue.path.join('.'),
    issueMessage(issue).key,
  ]);
}

describe('a notice from the staff', () => {
  it('takes a title and content trimmed, to all or to one customer by user name', () => {
    expect(StaffNoticeSchema.parse({ ...notice, title: '  Maintenance ', content: ' <p>a</p>\n<p>b</p> ' })).toEqual({
      ...notice,
      content: '<p>a</p>\n<p>b</p>',
    });
    expect(StaffNoticeSchema.parse({ ...notice, audience: 'user', userName: 'alice_1' })).toMatchObject({
      audience: 'user',
      userName: 'alice_1',
    });
    expect(refusals(notice)).toEqual([]);
  });

  it('needs a title and content of at most their lengths, blanks counting as none', () => {
    expect(refusals({ ...notice, title: ' ' })).toEqual([['title', 'validation.required']]);
    expect(refusals({ ...notice, title: 't'.repeat(m.titleMax) })).toEqual([]);
    expect(refusals({ ...notice, title: 't'.repeat(m.titleMax + 1) })).toEqual([['title', 'validation.tooLong']]);
    expect(refusals({ ...notice, title: 'two\nlines' })).toEqual([['title', 'validation.controlCharacters']]);
    expect(refusals({ ...notice, content: '\n ' })).toEqual([['content', 'validation.required']]);
    expect(refusals({ ...notice, content: 'c'.repeat(m.contentMax) })).toEqual([]);
    expect(refusals({ ...notice, content: 'c'.repeat(m.contentMax + 1) })).toEqual([['content', 'validation.tooLong']]);
    expect(StaffNoticeDraftSchema.safeParse({ title: 'a', content: '' }).success).toBe(false);
  });

  it('names its audience, and a customer by a valid user name when it is for one', () => {
    expect(refusals({ title: 'a', content: 'b' })).toEqual([['audience', 'validation.required']]);
    expect(refusals({ ...notice, audience: 'some' })).toEqual([['audience', 'validation.required']]);
    expect(refusals({ ...notice, audience: 'user' })).toEqual([['userName', 'validation.required']]);
    expect(refusals({ ...notice, audience: 'user', userName: '' })[0]).toEqual(['userName', 'validation.required']);
    expect(refusals({ ...notice, audience: 'user', userName: 'al ice' })).toEqual([
      ['userName', 'account.userName.format'],
    ]);
    expect(refusals({ ...notice, audience: 'all' })).toEqual([]);
  });
});
