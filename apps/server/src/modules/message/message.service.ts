import type { Locale, MessageKey, MessageKind, NoticeListKind, NoticeListQuery } from '@edgeward/contract';
import type { Db, Executor } from '../../db/connect';
import type { MessageRow } from '../../db/schema';
import { notFound } from '../../http/errors';
import { translate } from '../../http/i18n';
import { pageWithTotal } from '../../lib/page';
import type { AuthUser } from '../session';
import * as repo from './message.repository';
import { escapeHtml, safeHtml } from './safe-html';

type Params = Record<string, string | number>;

/**
 * What a message says: literal text (an operator's notice; its content is HTML and is sanitized here), or message
 * keys with their params, rendered in the reader's language (the params are escaped into the HTML content).
 */
export type OutgoingMessage =
  | { kind: MessageKind; title: string; content: string }
  | { kind: MessageKind; title: MessageKey; content: MessageKey; params: Params };

/** The events with a message text pair in the catalogues (message.<event>.title and .content). */
type EventOf<K> = K extends `message.${infer E}.title` ? E : never;
export type MessageEvent = EventOf<MessageKey>;

/** The message of an event, rendered in the reader's language with `params`. */
export function eventMessage(kind: MessageKind, event: MessageEvent, params: Params): OutgoingMessage {
  return {
    kind,
    title: `message.${event}.title` as MessageKey,
    content: `message.${event}.content` as MessageKey,
    params,
  };
}

function toRow(message: OutgoingMessage, at: Date): repo.NewMessage {
  if ('params' in message) {
    return {
      kind: message.kind,
      title: message.title,
      content: message.content,
      params: message.params,
      createdAt: at,
    };
  }
  return {
    kind: message.kind,
    title: message.title.trim(),
    content: safeHtml(message.content),
    params: null,
    createdAt: at,
  };
}

/**
 * Writes a message to a user, inside the caller's transaction so that it exists exactly when the event does. The
 * one way any area tells a customer something in the message centre.
 */
export async function sendMessage(
  tx: Executor,
  userId: number,
  message: OutgoingMessage,
  at: Date = new Date(),
): Promise<void> {
  await repo.insertMessage(tx, userId, toRow(message, at));
}

/** An operator's notice to every account; answers how many received it. */
export async function sendToEveryone(tx: Executor, message: OutgoingMessage, at: Date): Promise<number> {
  return repo.insertForEveryone(tx, toRow(message, at));
}

/**
 * A param may carry its Chinese form beside it as `<name>Zh` (a package's name): a zh-CN reader gets that one.
 * Messages written before a param had one keep the single form.
 */
function paramsIn(params: Params, locale: Locale): Params {
  if (locale !== 'zh-CN') return params;
  const chosen = { ...params };
  for (const [key, value] of Object.entries(params)) {
    if (key.endsWith('Zh') && key.length > 2) chosen[key.slice(0, -2)] = value;
  }
  return chosen;
}

function rendered(row: repo.NewMessage, locale: Locale) {
  if (!row.params) return { title: row.title, content: row.content };
  const params = paramsIn(row.params, locale);
  const escaped = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, escapeHtml(String(v))]));
  return { title: translate(locale, row.title, params), content: translate(locale, row.content, escaped) };
}

/** The message centre of the caller: its lists, detail, read flags and deletion. A foreign id answers NOT_FOUND. */
export function createMessageService(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;
  const summary = (row: MessageRow, locale: Locale) => ({
    id: row.id,
    kind: row.kind,
    title: rendered(row, locale).title,
    createDate: row.createdAt.getTime(),
    read: row.readAt !== null,
  });
  return {
    async list(user: AuthUser, kind: NoticeListKind, query: NoticeListQuery, locale: Locale) {
      const { rows, total } = await repo.listOfUser(db, user.id, kind, {
        offset: query.page * query.size,
        limit: query.size,
      });
      return pageWithTotal(
        query,
        rows.map((row) => summary(row, locale)),
        total,
      );
    },
    unreadCount: (user: AuthUser) => repo.unreadCount(db, user.id),
    async detail(user: AuthUser, id: number, locale: Locale) {
      const row = await repo.findOfUser(db, user.id, id);
      if (!row) throw notFound();
      return { ...summary(row, locale), content: rendered(row, locale).content };
    },
    async setRead(user: AuthUser, id: number, read: boolean) {
      if (!(await repo.setRead(db, user.id, id, read ? now() : null))) throw notFound();
      return null;
    },
    async readAll(user: AuthUser) {
      await repo.readAll(db, user.id, now());
      return null;
    },
    async remove(user: AuthUser, id: number) {
      if (!(await repo.remove(db, user.id, id))) throw notFound();
      return null;
    },
    async removeAll(user: AuthUser) {
      await repo.removeAll(db, user.id);
      return null;
    },
  };
}

export type MessageService = ReturnType<typeof createMessageService>;
