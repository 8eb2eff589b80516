import type { Db } from '../../db/client.ts';
import type { Mailer, SmsSender } from '../../lib/mailer.ts';
import { insertOutboxEntry } from './outbox.repository.ts';

/**
 * Mail and text messages kept in the database outbox when no SMTP server or SMS provider is set;
 * /dev/mailbox shows them outside production (env.ts refuses the outbox in production).
 */
export function createOutboxMailer(db: Db, log: (line: string) => void): Mailer {
  return {
    kind: 'outbox',
    async send(mail) {
      await insertOutboxEntry(db, { channel: 'email', ...mail });
      log(`mail to ${mail.to}: ${mail.subject} (open /dev/mailbox to read it)`);
    },
  };
}

export function createOutboxSms(db: Db, log: (line: string) => void): SmsSender {
  return {
    kind: 'outbox',
    async send(sms) {
      await insertOutboxEntry(db, { channel: 'sms', to: sms.to, text: sms.text });
      log(`sms to ${sms.to} (open /dev/mailbox to read it)`);
    },
  };
}
