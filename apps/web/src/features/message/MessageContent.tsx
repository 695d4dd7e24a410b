import { Typography } from 'antd';

/**
 * A message's HTML content (spec section 3). The server sanitized it before storing it (modules/message/safe-html.ts:
 * no script, handler, frame, style or javascript: link survives, and event texts are escaped into their templates),
 * so it is shown as the HTML it is.
 */
export function MessageContent({ html }: { html: string }) {
  return (
    <Typography>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server before it was stored */}
      <div className="message-content" data-testid="message-content" dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
