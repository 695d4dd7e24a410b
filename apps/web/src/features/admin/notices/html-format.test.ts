import { describe, expect, it } from 'vitest';
import { applyFormat, shortcutOf, type TextSelection } from './html-format';

/** The text with the selection marked by [ and ]. */
const marked = ({ text, start, end }: TextSelection) =>
  `${text.slice(0, start)}[${text.slice(start, end)}]${text.slice(end)}`;

/** A selection from a text with [ and ] around the selected part. */
function sel(text: string): TextSelection {
  const start = text.indexOf('[');
  const end = text.indexOf(']') - 1;
  return { text: text.replace('[', '').replace(']', ''), start, end };
}

describe('applyFormat', () => {
  it('wraps the selection in the tag, keeping it selected', () => {
    expect(marked(applyFormat(sel('Maintenance [tonight] at 2'), 'bold', 'text'))).toBe(
      'Maintenance <strong>[tonight]</strong> at 2',
    );
    expect(marked(applyFormat(sel('[Soon]'), 'italic', 'text'))).toBe('<em>[Soon]</em>');
    expect(marked(applyFormat(sel('[Maintenance]\nDetails'), 'heading', 'text'))).toBe(
      '<h3>[Maintenance]</h3>\nDetails',
    );
  });

  it('takes the tag away from a selection it exactly wraps', () => {
    expect(marked(applyFormat(sel('a <strong>[bold]</strong> b'), 'bold', 'text'))).toBe('a [bold] b');
    // Another tag around it is no reason to remove anything: bold goes inside italic.
    expect(marked(applyFormat(sel('<em>[x]</em>'), 'bold', 'text'))).toBe('<em><strong>[x]</strong></em>');
  });

  it('inserts the placeholder, selected, when nothing is selected', () => {
    expect(marked(applyFormat(sel('Hello []'), 'bold', 'text'))).toBe('Hello <strong>[text]</strong>');
    expect(marked(applyFormat(sel('[]'), 'italic', 'word'))).toBe('<em>[word]</em>');
  });

  it('makes a link of the selection and selects its address to be typed', () => {
    expect(marked(applyFormat(sel('See [the status page].'), 'link', 'text'))).toBe(
      'See <a href="[https://]">the status page</a>.',
    );
    expect(marked(applyFormat(sel('[]'), 'link', 'link'))).toBe('<a href="[https://]">link</a>');
  });

  it('makes each selected line a list item, whole lines, empty lines dropped', () => {
    expect(marked(applyFormat(sel('Intro\nfi[rst\n\nsec]ond\nOutro'), 'bulletList', 'item'))).toBe(
      'Intro\n<ul>\n[  <li>first</li>\n  <li>second</li>]\n</ul>\nOutro',
    );
    expect(marked(applyFormat(sel('[one\ntwo\n]rest'), 'numberedList', 'item'))).toBe(
      '<ol>\n[  <li>one</li>\n  <li>two</li>]\n</ol>\nrest',
    );
  });

  it('makes the current line an item when nothing is selected, or a placeholder item on an empty line', () => {
    expect(marked(applyFormat(sel('a\nli[]ne\nb'), 'bulletList', 'item'))).toBe('a\n<ul>\n[  <li>line</li>]\n</ul>\nb');
    expect(marked(applyFormat(sel('a\n[]'), 'numberedList', 'item'))).toBe('a\n<ol>\n  <li>[item]</li>\n</ol>');
  });
});

describe('shortcutOf', () => {
  const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) => ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    ...mods,
  });

  it('answers Ctrl or Cmd with B, I and K', () => {
    expect(shortcutOf(key('b', { ctrlKey: true }))).toBe('bold');
    expect(shortcutOf(key('I', { metaKey: true }))).toBe('italic');
    expect(shortcutOf(key('k', { ctrlKey: true }))).toBe('link');
  });

  it('leaves every other key alone', () => {
    expect(shortcutOf(key('b'))).toBeUndefined();
    expect(shortcutOf(key('b', { ctrlKey: true, shiftKey: true }))).toBeUndefined();
    expect(shortcutOf(key('b', { ctrlKey: true, altKey: true }))).toBeUndefined();
    expect(shortcutOf(key('z', { ctrlKey: true }))).toBeUndefined();
  });
});
