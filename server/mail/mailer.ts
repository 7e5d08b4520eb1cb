// Sending e-mail through the operator's SMTP server (nodemailer), as configured by SMTP_URL and
// MAIL_FROM. Nubo composes each message (templates.ts); this only hands it over.
import nodemailer from 'nodemailer';
import type { MailConfig } from '../config.ts';

/** One message in both forms, for mail programs that show HTML and those that do not. */
export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where the reader stops mail of this kind (List-Unsubscribe, shown by mail programs beside the sender). */
  unsubscribeUrl?: string;
};

export type Mailer = { send(mail: OutgoingMail): Promise<void>; close(): void };

export function smtpMailer(config: MailConfig): Mailer {
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    async send({ to, subject, text, html, unsubscribeUrl }) {
      await transport.sendMail({ from: config.from, to, subject, text, html, ...(unsubscribeUrl ? { list: { unsubscribe: unsubscribeUrl } } : {}) });
    },
    close: () => transport.close(),
  };
}
