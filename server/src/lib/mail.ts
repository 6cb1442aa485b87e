import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Sends through SMTP when SMTP_URL is set; otherwise writes each message as an
 * .eml file to the outbox folder and logs its links, so a single-process install
 * works without a mail server.
 */
export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({ from: opts.from, ...m });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(m) {
      const info = await transport.sendMail({ from: opts.from, ...m });
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const safeTo = m.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(
        opts.outboxDir,
        `${Date.now()}-${safeTo}-${info.messageId.replace(/[^a-zA-Z0-9]/g, '').slice(0, 12)}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
      const links = m.text.match(/https?:\/\/\S+/g) ?? [];
      opts.log.info({ to: m.to, subject: m.subject, file, links }, 'mail written to outbox');
    },
    close: () => transport.close(),
  };
}
