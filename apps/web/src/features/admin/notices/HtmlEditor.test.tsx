// @vitest-environment jsdom

import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderInConsole } from '../../../test/dom';
import { installAdminTexts } from '../admin-texts';
import { HtmlEditor } from './HtmlEditor';

function Editor({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="content">Content</label>
      <HtmlEditor id="content" value={value} onChange={setValue} />
    </>
  );
}

function draw(initial: string) {
  renderInConsole(<Editor initial={initial} />);
  return screen.getByLabelText('Content') as HTMLTextAreaElement;
}

beforeAll(() => installAdminTexts());

describe('HtmlEditor', () => {
  it('is a labelled textarea under a named toolbar that says what it controls', () => {
    const area = draw('');
    expect(area.tagName).toBe('TEXTAREA');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    expect(toolbar.getAttribute('aria-controls')).toBe('content');
    for (const name of ['Bold', 'Italic', 'Heading', 'Link', 'Bulleted list', 'Numbered list']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: 'Bold' }).getAttribute('aria-keyshortcuts')).toMatch(/\+B$/);
  });

  it('makes the selection bold from the toolbar, and gives the textarea back with it selected', () => {
    const area = draw('Edge maintenance tonight');
    area.setSelectionRange(5, 16);
    fireEvent.click(screen.getByRole('button', { name: 'Bold' }));
    expect(area.value).toBe('Edge <strong>maintenance</strong> tonight');
    expect(document.activeElement).toBe(area);
    expect(area.value.slice(area.selectionStart, area.selectionEnd)).toBe('maintenance');
  });

  it('answers Ctrl+I and Ctrl+K from the keyboard, and leaves other keys to the textarea', () => {
    const area = draw('Soon');
    area.setSelectionRange(0, 4);
    fireEvent.keyDown(area, { key: 'i', ctrlKey: true });
    expect(area.value).toBe('<em>Soon</em>');
    area.setSelectionRange(4, 8);
    fireEvent.keyDown(area, { key: 'k', ctrlKey: true });
    expect(area.value).toBe('<em><a href="https://">Soon</a></em>');
    expect(area.value.slice(area.selectionStart, area.selectionEnd)).toBe('https://');
    fireEvent.keyDown(area, { key: 'z', ctrlKey: true });
    expect(area.value).toBe('<em><a href="https://">Soon</a></em>');
  });
});
