import { limits } from '@edgeward/contract';
import { Button, Flex, Input, Tooltip } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { type AriaAttributes, type CSSProperties, type KeyboardEvent, useLayoutEffect, useRef } from 'react';
import { useAdminI18n } from '../admin-texts';
import { applyFormat, type FormatCommand, formatCommands, shortcutKeys, shortcutOf } from './html-format';

const labels = {
  bold: 'adminNotice.editor.bold',
  italic: 'adminNotice.editor.italic',
  heading: 'adminNotice.editor.heading',
  link: 'adminNotice.editor.link',
  bulletList: 'adminNotice.editor.bulletList',
  numberedList: 'adminNotice.editor.numberedList',
} as const satisfies Record<FormatCommand, string>;

/**
 * Each button shows its name in its own format (no icon: another would join the customer's chunks); the visible
 * name is the accessible one.
 */
const faces: Record<FormatCommand, CSSProperties> = {
  bold: { fontWeight: 700 },
  italic: { fontStyle: 'italic' },
  heading: { fontWeight: 600, fontSize: '1.1em' },
  link: { textDecoration: 'underline' },
  bulletList: {},
  numberedList: {},
};

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** From Form.Item: the textarea's id (which the item's label names), its value and its aria state. */
export interface HtmlEditorProps extends AriaAttributes {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  'data-testid'?: string;
}

/**
 * The notice's HTML, typed as HTML under a toolbar that writes the tags the sanitizer keeps (bold, italic, heading,
 * link, lists) around the selection; Ctrl (Cmd) with B, I or K does the same from the keyboard. A form control: the
 * label of its Form.Item names the textarea, the toolbar names the textarea it controls. The length is counted,
 * never cut (the rule refuses a text over it and keeps it as typed).
 */
export function HtmlEditor({
  id,
  value = '',
  onChange,
  'data-testid': testId = 'html-editor',
  ...aria
}: HtmlEditorProps) {
  const { t } = useAdminI18n();
  const area = useRef<TextAreaRef>(null);
  const pendingSelection = useRef<{ start: number; end: number } | null>(null);

  // The selection a command leaves is set once the new text is in the textarea.
  useLayoutEffect(() => {
    const element = area.current?.resizableTextArea?.textArea;
    const wanted = pendingSelection.current;
    if (!element || !wanted || element.value !== value) return;
    pendingSelection.current = null;
    element.focus();
    element.setSelectionRange(wanted.start, wanted.end);
  }, [value]);

  const run = (command: FormatCommand) => {
    const element = area.current?.resizableTextArea?.textArea;
    if (!element) return;
    const placeholder = t(command === 'link' ? 'adminNotice.editor.linkText' : 'adminNotice.editor.placeholder');
    const next = applyFormat(
      { text: element.value, start: element.selectionStart, end: element.selectionEnd },
      command,
      placeholder,
    );
    pendingSelection.current = { start: next.start, end: next.end };
    onChange?.(next.text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const command = shortcutOf(event);
    if (!command) return;
    event.preventDefault();
    run(command);
  };

  const shortcut = (command: FormatCommand) => {
    const key = shortcutKeys[command];
    return key ? `${isMac ? '⌘' : 'Ctrl+'}${key.toUpperCase()}` : undefined;
  };

  return (
    <Flex vertical gap={4}>
      <Flex
        role="toolbar"
        aria-label={t('adminNotice.editor.toolbar')}
        aria-controls={id}
        gap={4}
        wrap
        data-testid={`${testId}-toolbar`}
      >
        {formatCommands.map((command) => {
          const keys = shortcut(command);
          const label = t(labels[command]);
          return (
            <Tooltip key={command} title={keys ? `${label} (${keys})` : label}>
              <Button
                size="small"
                aria-keyshortcuts={
                  keys ? `${isMac ? 'Meta' : 'Control'}+${shortcutKeys[command]?.toUpperCase()}` : undefined
                }
                onClick={() => run(command)}
                data-testid={`${testId}-${command}`}
              >
                <span style={faces[command]}>{label}</span>
              </Button>
            </Tooltip>
          );
        })}
      </Flex>
      {/* antd hangs the count under the box, out of the flow: the room for it keeps it off the field's help text. */}
      <div style={{ paddingBottom: 24 }}>
        <Input.TextArea
          {...aria}
          ref={area}
          id={id}
          value={value}
          onChange={(event) => onChange?.(event.target.value)}
          onKeyDown={onKeyDown}
          autoSize={{ minRows: 8, maxRows: 20 }}
          count={{ show: true, max: limits.message.contentMax }}
          spellCheck
          style={{ fontFamily: 'monospace' }}
          data-testid={testId}
        />
      </div>
    </Flex>
  );
}
