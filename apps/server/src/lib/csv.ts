/**
 * One CSV cell. Text a spreadsheet would run as a formula (starting with = + - @, or a tab or carriage return
 * that some strip first) gets a leading apostrophe; cells with separators, quotes or line breaks are quoted.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: readonly (string | number | boolean | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
