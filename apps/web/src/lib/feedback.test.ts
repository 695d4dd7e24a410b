import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback, type FeedbackApis, feedback } from './feedback';

function apis() {
  return {
    message: { error: vi.fn(), success: vi.fn() },
    notification: { error: vi.fn() },
    modal: { confirm: vi.fn() },
  };
}

describe('feedback', () => {
  it('keeps the calls made before the holders are mounted and makes them once they are', () => {
    feedback.message.error({ content: 'first', key: 'k' });
    feedback.notification.error({ title: 'title', description: 'description' });
    const mounted = apis();
    expect(mounted.message.error).not.toHaveBeenCalled();

    bindFeedback(mounted as unknown as FeedbackApis);
    expect(mounted.message.error).toHaveBeenCalledWith({ content: 'first', key: 'k' });
    expect(mounted.notification.error).toHaveBeenCalledWith({ title: 'title', description: 'description' });

    feedback.message.success('later');
    expect(mounted.message.success).toHaveBeenCalledWith('later');
    expect(mounted.message.error).toHaveBeenCalledTimes(1);
  });

  describe('asking for the holders', () => {
    // A fresh module each time: the holders are asked for only while calls wait, which binding ends.
    let fresh: typeof import('./feedback');
    beforeEach(async () => {
      vi.resetModules();
      fresh = await import('./feedback');
    });

    it('asks for them with the first call that has to wait', () => {
      const mount = vi.fn();
      fresh.onFeedbackWaiting(mount);
      expect(mount).not.toHaveBeenCalled();

      fresh.feedback.message.error('failed');
      expect(mount).toHaveBeenCalled();
    });

    it('asks at once when a call already waits, and no more once they are mounted', () => {
      fresh.feedback.notification.error({ title: 'early' });
      const mount = vi.fn();
      fresh.onFeedbackWaiting(mount);
      expect(mount).toHaveBeenCalledTimes(1);

      const mounted = apis();
      fresh.bindFeedback(mounted as unknown as FeedbackApis);
      fresh.feedback.message.success('later');
      expect(mount).toHaveBeenCalledTimes(1);
      expect(mounted.notification.error).toHaveBeenCalledWith({ title: 'early' });
    });

    it('passes on at once the calls of a stand-in kept from before the holders were mounted', () => {
      const { message } = fresh.feedback;
      const mounted = apis();
      fresh.bindFeedback(mounted as unknown as FeedbackApis);

      message.success('saved');
      expect(mounted.message.success).toHaveBeenCalledWith('saved');
    });
  });
});
