import nodemailer from 'nodemailer';
import type { Mail, MailProvider } from './mail';

export function createSmtpMail(options: { url: string; from: string }): MailProvider {
  const transport = nodemailer.createTransport(options.url);
  return {
    kind: 'smtp',
    async send(mail: Mail) {
      await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
