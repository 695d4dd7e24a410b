/**
 * The value of a number field's text: undefined when empty, a number when the whole text is a decimal number,
 * otherwise the text itself, for the field's rule to refuse with its message.
 */
export function parseNumberText(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(trimmed) ? Number(trimmed) : text;
}
