import { enUS } from '@edgeward/contract';
import { describe, expect, it } from 'vitest';
import { noticeFieldProblem, noticeOf, recipientOf } from './notice-logic';

/** Names the key it translates; an unknown key comes back as itself, as the console's translate does. */
const t = (key: string) => (Object.hasOwn(enUS, key) ? `text of ${key}` : key);
const draft = { title: 'Maintenance', content: '<p>Tonight</p>' };

describe('noticeOf', () => {
  it('sends the user name only to one customer', () => {
    expect(noticeOf({ ...draft, audience: 'all', userName: 'left_over' })).toEqual({ ...draft, audience: 'all' });
    expect(noticeOf({ ...draft, audience: 'user', userName: ' alice ' })).toEqual({
      ...draft,
      audience: 'user',
      userName: 'alice',
    });
  });
});

describe('noticeFieldProblem', () => {
  it('asks for the user name for one customer only, by the contract schema', () => {
    expect(noticeFieldProblem({ ...draft, audience: 'user' }, 'userName', t)).toBe('text of validation.required');
    expect(noticeFieldProblem({ ...draft, audience: 'user', userName: '' }, 'userName', t)).toBe(
      'text of validation.required',
    );
    expect(noticeFieldProblem({ ...draft, audience: 'all' }, 'userName', t)).toBeUndefined();
    expect(noticeFieldProblem({ ...draft, audience: 'user', userName: 'alice_1' }, 'userName', t)).toBeUndefined();
  });

  it('checks the user name by the account rules, whatever the other fields hold', () => {
    expect(noticeFieldProblem({ title: '', content: '', audience: 'user', userName: 'a b' }, 'userName', t)).toMatch(
      /^text of account\.userName\./,
    );
  });
});

describe('recipientOf', () => {
  it('names every customer in words and one by the user name', () => {
    expect(recipientOf('all', 'All customers')).toBe('All customers');
    expect(recipientOf('alice', 'All customers')).toBe('alice');
  });
});
