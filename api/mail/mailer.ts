import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

export interface MailMessage {
  /**
   * The outbox row's id (api/mail/mail-outbox.ts): the SMTP Message-ID and the .eml file's name
   * derive from it, so sending one message again repeats it instead of making a second one.
   */
  id?: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends one e-mail. The API never knows whether it goes over SMTP or into a folder. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /**
   * The longest a send may take before the outbox worker's lease on the message runs out and
   * another worker may try it (docs/decisions/0020-mail-outbox.md).
   */
  readonly leaseMs: number;
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

/** A Message-ID for an outbox message: the same for every resend, so a receiving server can drop a copy. */
export function messageIdOf(id: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "lojaescolar.com.br";
  return `<${id}@${domain}>`;
}

/** nodemailer's own waits (2 min to connect, 10 min of silence) would outlast the lease. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function createSmtpMailer(smtpUrl: string, from: string = DEFAULT_MAIL_FROM): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    // The timeouts above, with room to spare.
    leaseMs: 2 * 60_000,
    async send({ id, ...message }) {
      await transport.sendMail({ from, ...message, ...(id ? { messageId: messageIdOf(id, from) } : {}) });
    },
  };
}

/**
 * Hidden temporaries older than the lease, left by a process killed mid-write whose message will
 * not be sent again (a resend reuses its message's temporary, below). A younger one may be
 * another worker's write under way (several processes share DATA_DIR), so it stays.
 */
async function removeAbandonedTemporaries(outboxDir: string, olderThanMs: number): Promise<void> {
  const names = await fs.readdir(outboxDir).catch(() => [] as string[]);
  const before = Date.now() - olderThanMs;
  for (const name of names.filter((entry) => entry.startsWith(".") && entry.endsWith(".tmp"))) {
    const file = path.join(outboxDir, name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat && stat.mtimeMs < before) await fs.rm(file, { force: true });
  }
}

/**
 * Writes each message as an .eml file (open it in any mail client). Only the subject is
 * logged: the body may hold a password-reset link, which is as good as a password.
 * The file is written whole under a hidden temporary name, then renamed to `<id>.eml`: a crash
 * leaves no partial .eml, and a resend of the same message replaces its file (0020). The
 * temporary is named after the message, so the resend after a crash also takes the one the crash
 * left; those of messages never resent are removed at the first send after a start.
 */
export function createOutboxMailer(outboxDir: string, from: string = DEFAULT_MAIL_FROM): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const leaseMs = 15_000;
  let swept: Promise<void> | undefined;
  return {
    leaseMs,
    async send({ id = crypto.randomUUID(), ...message }) {
      const info = await transport.sendMail({ from, ...message, messageId: messageIdOf(id, from) });
      await fs.mkdir(outboxDir, { recursive: true });
      await (swept ??= removeAbandonedTemporaries(outboxDir, leaseMs));
      const file = path.join(outboxDir, `${id}.eml`);
      const temporary = path.join(outboxDir, `.${id}.tmp`);
      const handle = await fs.open(temporary, "w", 0o600);
      try {
        await handle.writeFile(info.message as Buffer);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temporary, file);
      console.info(`[mail] "${message.subject}" gravada em ${file}`);
    },
  };
}

/** Keeps messages in memory: for tests, which must never send mail anywhere. */
export function createMemoryMailer(): Mailer & { messages: MailMessage[] } {
  const messages: MailMessage[] = [];
  return {
    messages,
    leaseMs: 60_000,
    async send(message) {
      messages.push(message);
    },
  };
}
