/**
 * The operator console's notices desk (issue 28): write, preview, send, the list of what was sent. Merged into the
 * console's texts by features/admin/admin-texts.ts, like admin.ts.
 */
export const adminNoticeEnUS = {
  'adminNotice.menu.notices': 'Notices',
  'adminNotice.subtitle':
    'Write a notice, preview it as the customer will see it, and send it to one customer or to all.',
  'adminNotice.write': 'Write a notice',
  'adminNotice.field.title': 'Title',
  'adminNotice.field.content': 'Content (HTML)',
  'adminNotice.field.contentHint':
    'Formatting, headings, lists, tables and links are kept; scripts, styles, frames and event handlers are removed before anyone sees the notice. Preview it to see what remains.',
  'adminNotice.field.audience': 'Send to',
  'adminNotice.audience.all': 'Every customer',
  'adminNotice.audience.user': 'One customer',
  'adminNotice.field.userName': "Customer's user name",
  'adminNotice.editor.toolbar': 'Formatting',
  'adminNotice.editor.bold': 'Bold',
  'adminNotice.editor.italic': 'Italic',
  'adminNotice.editor.heading': 'Heading',
  'adminNotice.editor.link': 'Link',
  'adminNotice.editor.bulletList': 'Bulleted list',
  'adminNotice.editor.numberedList': 'Numbered list',
  'adminNotice.editor.placeholder': 'text',
  'adminNotice.editor.linkText': 'link text',
  'adminNotice.preview': 'Preview',
  'adminNotice.preview.title': 'Preview',
  'adminNotice.preview.hint': "As the customer's message centre will show it, after the sanitizer.",
  'adminNotice.preview.none': 'Choose Preview to see the notice here as the customer will.',
  'adminNotice.send': 'Send',
  'adminNotice.confirm.title': 'Send the notice “{title}”?',
  'adminNotice.confirm.all': "It goes to every customer's message centre. A notice sent cannot be taken back.",
  'adminNotice.confirm.user': "It goes to {name}'s message centre. A notice sent cannot be taken back.",
  'adminNotice.confirm.ok': 'Send',
  'adminNotice.sent':
    '{count, plural, one {The notice was sent to # customer} other {The notice was sent to # customers}}',
  'adminNotice.list.title': 'Sent notices',
  'adminNotice.list.loadFailed': 'The sent notices could not be loaded',
  'adminNotice.list.empty': 'No notice has been sent yet',
  'adminNotice.list.noticeTitle': 'Title',
  'adminNotice.list.to': 'To',
  'adminNotice.list.toAll': 'All customers',
  'adminNotice.list.recipients': 'Recipients',
  'adminNotice.list.staff': 'Staff',
  'adminNotice.list.sentAt': 'Sent',
} as const;
