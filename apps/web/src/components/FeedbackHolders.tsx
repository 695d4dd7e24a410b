import { Modal, message, notification } from 'antd';
import { useEffect } from 'react';
import type { FeedbackApis } from '../lib/feedback';

export interface FeedbackHoldersProps {
  /** Called once the holders are mounted, with the APIs that now work. */
  onReady: (apis: FeedbackApis) => void;
}

/** One message and one notification on screen at a time. */
const oneAtATime = { maxCount: 1 };

/** The holders antd's App renders. */
export function FeedbackHolders({ onReady }: FeedbackHoldersProps) {
  const [messageApi, messageHolder] = message.useMessage(oneAtATime);
  const [notificationApi, notificationHolder] = notification.useNotification(oneAtATime);
  const [modalApi, modalHolder] = Modal.useModal();

  useEffect(() => {
    onReady({ message: messageApi, notification: notificationApi, modal: modalApi });
  }, [onReady, messageApi, notificationApi, modalApi]);

  return (
    <>
      {modalHolder}
      {messageHolder}
      {notificationHolder}
    </>
  );
}
