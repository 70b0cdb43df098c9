import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends one e-mail. The API never knows whether it goes over SMTP or into a folder. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export const DEFAULT_MAIL_FROM = "Loja Escolar <nao-responda@lojaescolar.com.br>";

export interface MailerOptions {
  /** smtp://user:pass@host:587 (or smtps://); without it, messages go to `outboxDir`. */
  smtpUrl?: string;
  /** Where .eml files are written when there is no SMTP server (DATA_DIR/outbox). */
  outboxDir: string;
  from?: string;
}

/** SMTP when SMTP_URL is set, otherwise the .eml outbox (design: outside services). */
export function createMailer({ smtpUrl, outboxDir, from = DEFAULT_MAIL_FROM }: MailerOptions): Mailer {
  return smtpUrl ? createSmtpMailer(smtpUrl, from) : createOutboxMailer(outboxDir, from);
}

export function createSmtpMailer(smtpUrl: string, from: string = DEFAULT_MAIL_FROM): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/**
 * Writes each message as an .eml file (open it in any mail client). Only the subject is
 * logged: the body may hold a password-reset link, which is as good as a password.
 */
export function createOutboxMailer(outboxDir: string, from: string = DEFAULT_MAIL_FROM): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await fs.mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomUUID().slice(0, 8)}.eml`;
      await fs.writeFile(path.join(outboxDir, name), info.message as Buffer, { mode: 0o600 });
      console.info(`[mail] "${message.subject}" gravada em ${path.join(outboxDir, name)}`);
    },
  };
}

/** Keeps messages in memory: for tests, which must never send mail anywhere. */
export function createMemoryMailer(): Mailer & { messages: MailMessage[] } {
  const messages: MailMessage[] = [];
  return {
    messages,
    async send(message) {
      messages.push(message);
    },
  };
}
