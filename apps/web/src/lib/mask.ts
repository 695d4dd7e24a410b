/**
 * An email address as a summary page shows it to whoever looks over the user's shoulder: the first character of the
 * mailbox and the whole domain ("a***@example.com"), enough to recognise it, not enough to write to it.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** A phone number with all but its first three and last four digits hidden ("138****5678"). */
export function maskPhone(phone: string): string {
  if (phone.length <= 7) return `${phone.slice(0, 1)}***`;
  return `${phone.slice(0, 3)}${'*'.repeat(phone.length - 7)}${phone.slice(-4)}`;
}
