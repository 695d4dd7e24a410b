import { message as staticMessage, notification as staticNotification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * The antd message and notification APIs for code outside components (the request function). App.tsx binds the
 * instances of antd's App so that they follow the theme and language; before that, the static ones answer.
 */
export const feedback: { message: MessageInstance; notification: NotificationInstance } = {
  message: staticMessage,
  notification: staticNotification,
};

export function bindFeedback(message: MessageInstance, notification: NotificationInstance): void {
  feedback.message = message;
  feedback.notification = notification;
}

/** One message (and one notification) on screen at a time: every request failure reuses this key. */
export const FEEDBACK_KEY = 'edgeward-feedback';
