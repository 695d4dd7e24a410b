export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail to customers: codes, reset links. One implementation per way out. */
export interface MailProvider {
  readonly kind: 'outbox' | 'smtp';
  send(mail: Mail): Promise<void>;
}
