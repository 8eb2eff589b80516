import nodemailer from 'nodemailer';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra header fields, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
};
export type Sms = { to: string; text: string };

/** Sends a mail for real: over SMTP, or into the database outbox shown at /dev/mailbox (features/dev/outbox-mailer.ts). */
export type Mailer = { kind: 'smtp' | 'outbox'; send: (mail: Mail) => Promise<void> };
/** Sends a text message; the local implementation writes to the same outbox. */
export type SmsSender = { kind: 'outbox'; send: (sms: Sms) => Promise<void> };

export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}
