import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema.ts';

export type Mail = { to: string; subject: string; text: string; html?: string };
export type Sms = { to: string; text: string };

/** Sends a mail for real: over SMTP, or into the database outbox shown at /dev/mailbox. */
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

export function createOutboxMailer(db: Db, log: (line: string) => void): Mailer {
  return {
    kind: 'outbox',
    async send(mail) {
      await db.insert(outbox).values({ channel: 'email', ...mail });
      log(`mail to ${mail.to}: ${mail.subject} (open /dev/mailbox to read it)`);
    },
  };
}

export function createOutboxSms(db: Db, log: (line: string) => void): SmsSender {
  return {
    kind: 'outbox',
    async send(sms) {
      await db.insert(outbox).values({ channel: 'sms', to: sms.to, text: sms.text });
      log(`sms to ${sms.to} (open /dev/mailbox to read it)`);
    },
  };
}
