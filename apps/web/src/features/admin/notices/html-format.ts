/**
 * The notice editor's formatting commands over the HTML text and its selection: pure, so that the toolbar and the
 * keyboard shortcuts do exactly what the tests say. The server's sanitizer decides what survives (the preview shows
 * it); these only write the tags it keeps.
 */

export type FormatCommand = 'bold' | 'italic' | 'heading' | 'link' | 'bulletList' | 'numberedList';

export const formatCommands: readonly FormatCommand[] = [
  'bold',
  'italic',
  'heading',
  'link',
  'bulletList',
  'numberedList',
];

/** The text and its selection (start <= end, as a textarea's selectionStart and selectionEnd). */
export interface TextSelection {
  text: string;
  start: number;
  end: number;
}

const inline: Partial<Record<FormatCommand, string>> = { bold: 'strong', italic: 'em', heading: 'h3' };
const lists: Partial<Record<FormatCommand, string>> = { bulletList: 'ul', numberedList: 'ol' };

/** Where a new link's address goes; it is selected, ready to be typed over. */
const linkAddress = 'https://';

/**
 * Applies a command to the selection. Bold, italic and heading wrap it in their tag, or take the tag away when the
 * selection is already exactly wrapped in it; a link wraps it and selects the address; a list makes each selected
 * line an item. With nothing selected, `placeholder` stands for the text and is selected.
 */
export function applyFormat(selection: TextSelection, command: FormatCommand, placeholder: string): TextSelection {
  const tag = inline[command];
  if (tag) return toggleTag(selection, tag, placeholder);
  const list = lists[command];
  if (list) return makeList(selection, list, placeholder);
  return makeLink(selection, placeholder);
}

function toggleTag({ text, start, end }: TextSelection, tag: string, placeholder: string): TextSelection {
  const open = `<${tag}>`;
  const close = `</${tag}>`;
  if (text.slice(start - open.length, start) === open && text.slice(end, end + close.length) === close) {
    const inner = text.slice(start, end);
    const before = text.slice(0, start - open.length);
    return {
      text: before + inner + text.slice(end + close.length),
      start: before.length,
      end: before.length + inner.length,
    };
  }
  const inner = text.slice(start, end) || placeholder;
  const before = text.slice(0, start) + open;
  return { text: before + inner + close + text.slice(end), start: before.length, end: before.length + inner.length };
}

function makeLink({ text, start, end }: TextSelection, placeholder: string): TextSelection {
  const label = text.slice(start, end) || placeholder;
  const before = `${text.slice(0, start)}<a href="`;
  const inserted = `${linkAddress}">${label}</a>`;
  return { text: before + inserted + text.slice(end), start: before.length, end: before.length + linkAddress.length };
}

function makeList({ text, start, end }: TextSelection, tag: string, placeholder: string): TextSelection {
  // The whole lines the selection touches become the items; an empty line is no item.
  const from = text.lastIndexOf('\n', start - 1) + 1;
  const lineEnd = text.indexOf('\n', Math.max(end - (end > start && text[end - 1] === '\n' ? 1 : 0), start));
  const to = lineEnd === -1 ? text.length : lineEnd;
  const lines = text
    .slice(from, to)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const items = lines.length ? lines : [placeholder];
  const before = `${text.slice(0, from)}<${tag}>\n`;
  const body = items.map((item) => `  <li>${item}</li>`).join('\n');
  const after = `\n</${tag}>${text.slice(to)}`;
  if (lines.length) return { text: before + body + after, start: before.length, end: before.length + body.length };
  // The placeholder item's text is selected, to be typed over.
  const itemStart = before.length + '  <li>'.length;
  return { text: before + body + after, start: itemStart, end: itemStart + placeholder.length };
}

/** The key a command answers to, with Ctrl (Cmd on a Mac). */
export const shortcutKeys: Partial<Record<FormatCommand, string>> = { bold: 'b', italic: 'i', link: 'k' };

/** The command of a key press in the editor (Ctrl or Cmd with B, I or K, and no other modifier), if any. */
export function shortcutOf(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): FormatCommand | undefined {
  if (!(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey) return undefined;
  const key = event.key.toLowerCase();
  return formatCommands.find((command) => shortcutKeys[command] === key);
}
