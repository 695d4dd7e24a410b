import type { useAppProps } from 'antd/es/app/context';

/** What antd's App.useApp() gives: message, notification and modal, bound to the theme and the language. */
export type FeedbackApis = useAppProps;

const waiting: ((apis: FeedbackApis) => void)[] = [];
let mountHolders: (() => void) | undefined;
let mounted: FeedbackApis | undefined;

/**
 * Stands in for one of the APIs until antd's holders are mounted (components/FeedbackProvider.tsx fetches them at the
 * first interaction): a call waits, asks for them and is made as soon as they are. A stand-in kept from before (in a
 * callback made before the holders came) passes its calls straight on afterwards. Nobody uses what such a call
 * returns.
 */
function waitingFor<K extends keyof FeedbackApis>(key: K): FeedbackApis[K] {
  return new Proxy({} as FeedbackApis[K], {
    get:
      (_target, method) =>
      (...args: unknown[]) => {
        const call = (apis: FeedbackApis) => {
          const api = apis[key];
          Reflect.apply(Reflect.get(api, method) as (...a: unknown[]) => unknown, api, args);
        };
        if (mounted) return call(mounted);
        waiting.push(call);
        mountHolders?.();
      },
  });
}

/** The antd message, notification and modal for code outside components (the request function). */
export const feedback: FeedbackApis = {
  message: waitingFor('message'),
  notification: waitingFor('notification'),
  modal: waitingFor('modal'),
};

/** Registers what mounts the holders, run by a call that has to wait (at once if one already does). */
export function onFeedbackWaiting(mount: () => void): void {
  mountHolders = mount;
  if (waiting.length) mount();
}

/** Puts the mounted APIs in place and makes the calls that waited for them. */
export function bindFeedback(apis: FeedbackApis): void {
  mounted = apis;
  feedback.message = apis.message;
  feedback.notification = apis.notification;
  feedback.modal = apis.modal;
  for (const call of waiting.splice(0)) call(apis);
}

/** One message (and one notification) on screen at a time: every request failure reuses this key. */
export const FEEDBACK_KEY = 'edgeward-feedback';
