import sanitizeHtml from 'sanitize-html';

/**
 * The HTML a message may carry: text formatting, lists, tables and links over http(s). No script, style, event
 * handler, form, frame or image survives, and links open outside the console without access to it. Applied before a
 * message is stored; the web renders the stored HTML as it is.
 */
const newWindow = { target: '_blank', rel: 'noopener noreferrer nofollow' };

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'code',
    'pre',
    'blockquote',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'a',
    'span',
    'div',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Transforms run before the attribute filter, so target and rel are allowed above.
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', newWindow),
    /*
     * The console's CSP shows images of its own origin only (img-src 'self' data: blob:), so that a message cannot
     * make the reader's browser call another host. An image at an https address becomes a link to it, named by its
     * alt text; any other image is dropped.
     */
    img: (_tagName, attribs) =>
      attribs.src?.startsWith('https://')
        ? { tagName: 'a', attribs: { href: attribs.src, ...newWindow }, text: attribs.alt || attribs.src }
        : { tagName: 'img', attribs: {} },
  },
};

export function safeHtml(dirty: string): string {
  return sanitizeHtml(dirty, options);
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Plain text put into HTML: every character that could open markup is escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => escapes[c]!);
}
