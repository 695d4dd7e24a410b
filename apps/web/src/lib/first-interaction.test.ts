import { describe, expect, it, vi } from 'vitest';
import { onFirstInteraction } from './first-interaction';

describe('onFirstInteraction', () => {
  it('calls back once, at the first press or key stroke, and not for focus', () => {
    const target = new EventTarget();
    const callback = vi.fn();
    onFirstInteraction(target, callback);

    target.dispatchEvent(new Event('focusin'));
    expect(callback).not.toHaveBeenCalled();
    target.dispatchEvent(new Event('keydown'));
    target.dispatchEvent(new Event('pointerdown'));
    target.dispatchEvent(new Event('keydown'));
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('calls back for a field filled without a key, as a password manager fills it', () => {
    const target = new EventTarget();
    const callback = vi.fn();
    onFirstInteraction(target, callback);
    target.dispatchEvent(new Event('input'));
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('calls back for a press too, and never once cancelled', () => {
    const pressed = vi.fn();
    const pressTarget = new EventTarget();
    onFirstInteraction(pressTarget, pressed);
    pressTarget.dispatchEvent(new Event('pointerdown'));
    expect(pressed).toHaveBeenCalledTimes(1);

    const cancelled = vi.fn();
    const target = new EventTarget();
    onFirstInteraction(target, cancelled)();
    target.dispatchEvent(new Event('keydown'));
    expect(cancelled).not.toHaveBeenCalled();
  });
});
