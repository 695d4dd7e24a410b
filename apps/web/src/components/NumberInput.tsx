import { Input, type InputProps } from 'antd';
import { useEffect, useState } from 'react';
import { parseNumberText } from '../lib/number-text';

export interface NumberInputProps extends Omit<InputProps, 'value' | 'onChange' | 'type'> {
  /** A number, or the text typed when it is not one (the form's rule then says so). */
  value?: number | string | null;
  onChange?: (value: number | string | undefined) => void;
}

/**
 * A number field that keeps what was typed: no clamping to a range, no rounding, no reverting text that is not a
 * number (antd's InputNumber does all three on blur, so 101 became 100 without a word). The form's rule, from the
 * contract's schema, names the problem instead, and the value is not saved.
 */
export function NumberInput({ value, onChange, ...props }: NumberInputProps) {
  const [text, setText] = useState(() => (value === undefined || value === null ? '' : String(value)));
  // A value set from outside (reset, loaded config) replaces the text unless the text already stands for it.
  useEffect(() => {
    setText((current) => (parseNumberText(current) === (value ?? undefined) ? current : String(value ?? '')));
  }, [value]);
  return (
    <Input
      {...props}
      inputMode="numeric"
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange?.(parseNumberText(event.target.value));
      }}
    />
  );
}
