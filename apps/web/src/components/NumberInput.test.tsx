// @vitest-environment jsdom

import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInConsole } from '../test/dom';
import { NumberInput, type NumberInputProps } from './NumberInput';

function draw(props: NumberInputProps = {}) {
  const emitted: (number | string | undefined)[] = [];
  const view = renderInConsole(
    <NumberInput aria-label="amount" onChange={(value) => emitted.push(value)} {...props} />,
  );
  const input = () => screen.getByLabelText<HTMLInputElement>('amount');
  const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
  const rerender = (next: NumberInputProps) =>
    view.rerender(<NumberInput aria-label="amount" onChange={(value) => emitted.push(value)} {...next} />);
  return { emitted, input, type, rerender };
}

describe('NumberInput', () => {
  it('emits a number for a decimal number, as typed: no clamping, no rounding', () => {
    const { emitted, input, type } = draw();
    for (const text of ['101', '70000', '-3', '1.5', ' 42 ']) type(text);
    expect(emitted).toEqual([101, 70000, -3, 1.5, 42]);
    expect(input().value).toBe(' 42 ');
  });

  it('emits the text itself when it is no number, and keeps it on screen for the rule to refuse', () => {
    const { emitted, input, type } = draw();
    type('12abc');
    type('1e3');
    expect(emitted).toEqual(['12abc', '1e3']);
    expect(input().value).toBe('1e3');
    fireEvent.blur(input());
    expect(input().value).toBe('1e3');
  });

  it('emits nothing (undefined) for an emptied field', () => {
    const { emitted, type } = draw({ value: 5 });
    type('   ');
    type('');
    expect(emitted).toEqual([undefined, undefined]);
  });

  it('shows the value it is given', () => {
    expect(draw({ value: 8080 }).input().value).toBe('8080');
  });

  it('shows nothing for a missing value', () => {
    expect(draw({ value: null }).input().value).toBe('');
  });

  it('takes a value set from outside (a reset, a loaded config) in place of the text', () => {
    const { input, type, rerender } = draw({ value: 5 });
    type('7');
    rerender({ value: 30 });
    expect(input().value).toBe('30');
    rerender({ value: undefined });
    expect(input().value).toBe('');
  });

  it('keeps the text typed when the value given back is the one it stands for', () => {
    const { input, type, rerender } = draw();
    type('1.0');
    rerender({ value: 1 });
    expect(input().value).toBe('1.0');
    type('007');
    rerender({ value: 7 });
    expect(input().value).toBe('007');
  });

  it('asks a phone for its digit keyboard', () => {
    expect(draw().input().getAttribute('inputmode')).toBe('numeric');
  });
});
