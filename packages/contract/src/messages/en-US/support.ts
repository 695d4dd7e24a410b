/** Support tickets and messages: the upload texts of spec section 8 and section 5's rules. */
export const support = {
  'support.image.type': 'Only .png|.jpg|.gif|.svg',
  'support.image.tooLarge': 'Size over 1MB',
  'support.image.tooMany': 'At most 9 images',
  'support.image.failed': 'Upload Failed',
  'support.image.unknown': 'An image is missing or already used: please upload it again',
  'support.rating.range': 'Please rate from 1 to 5',
  'errors.TICKET_CLOSED': 'The ticket is closed: nothing more can be added',
  'errors.TICKET_STATE': 'The ticket cannot do that in its current state',
  'errors.TICKET_IMAGE_TYPE': 'Only .png|.jpg|.gif|.svg',
  'errors.TICKET_IMAGE_TOO_LARGE': 'Size over 1MB',
  'errors.TICKET_IMAGES_TOO_MANY': 'At most 9 images',
  // Messages written by events: titles and HTML contents ({names} are escaped before they are put in).
  'message.ticket.replied.title': 'Your ticket {ticketNo} has a reply',
  'message.ticket.replied.content': '<p>Support staff replied to your ticket <b>{title}</b>.</p><p>{reply}</p>',
  'message.ticket.completed.title': 'Your ticket {ticketNo} has been processed',
  'message.ticket.completed.content':
    '<p>Support staff marked your ticket <b>{title}</b> as processing completed. Please close it with a rating, or appeal if the problem remains.</p>',
  'message.domain.approved.title': 'Domain {domain} passed review',
  'message.domain.approved.content': '<p>The domain <b>{domain}</b> passed review and is being configured.</p>',
  'message.domain.rejected.title': 'Domain {domain} did not pass review',
  'message.domain.rejected.content': '<p>The domain <b>{domain}</b> did not pass review: {reason}</p>',
  'message.domain.configFailed.title': 'Configuration of {domain} failed',
  'message.domain.configFailed.content':
    '<p>The edge could not apply the configuration of <b>{domain}</b>: {reason}</p>',
  'message.certificate.issued.title': 'Certificate for {domain} issued',
  'message.certificate.issued.content': '<p>The certificate for <b>{domain}</b> was issued.</p>',
  'message.certificate.failed.title': 'Certificate for {domain} failed',
  'message.certificate.failed.content': '<p>Certificate generation failed for <b>{domain}</b>: {reason}</p>',
  'message.certificate.renewed.title': 'Certificate for {domain} renewed',
  'message.certificate.renewed.content': '<p>The certificate for <b>{domain}</b> was renewed and deployed again.</p>',
  'message.certificate.renewalNeedsDns.title': 'Renewing the certificate for {domain} needs a new DNS record',
  'message.certificate.renewalNeedsDns.content':
    '<p>The certificate for <b>{domain}</b> ends on {date}. To renew it, add these TXT records at your DNS provider: <code>{records}</code></p><p>Then <a href="/certificate/order/{applicationId}/detail">open the renewal</a> and click Verify.</p>',
  'message.certificate.renewalReminder.title': 'The certificate for {domain} ends on {date} and is not renewed yet',
  'message.certificate.renewalReminder.content':
    '<p>The renewal of the certificate for <b>{domain}</b> still waits for these TXT records: <code>{records}</code></p><p>Add them, then <a href="/certificate/order/{applicationId}/detail">open the renewal</a> and click Verify before {date}.</p>',
  'message.certificate.renewalFailed.title': 'Renewing the certificate for {domain} failed',
  'message.certificate.renewalFailed.content':
    '<p>Renewing the certificate for <b>{domain}</b>, which ends on {date}, failed: {reason}</p><p>It is tried again every hour until then; you can also <a href="/certificate/order/{applicationId}/detail">retry it now</a>.</p>',
  'message.order.paid.title': 'Order {orderNo} paid',
  'message.order.paid.content': '<p>Your order <b>{orderNo}</b> ({product}) was paid: {amount} CNY.</p>',
  'message.recharge.credited.title': 'Recharge of {amount} CNY credited',
  'message.recharge.credited.content': '<p>{amount} CNY was credited to your balance (order <b>{orderNo}</b>).</p>',
  'message.package.expiring.title': 'Package {name} expires soon',
  'message.package.expiring.content':
    '<p>Your package <b>{name}</b> expires on {date}. Renew it to keep the service.</p>',
  'message.signIn.newAddress.title': 'New sign-in from {ip}',
  'message.signIn.newAddress.content':
    '<p>Your account signed in from <b>{ip}</b>, an address not seen before. If this was not you, change your password now.</p>',
} as const;
