import { describe, expect, it, vi } from 'vitest';
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
});
