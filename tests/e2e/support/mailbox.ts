import { expect } from "@playwright/test";
import { e2eEnv } from "./e2e-env.ts";

/** The e2e server's mailbox (scripts/e2e-mailbox.js): what the store sent over SMTP. */
const MAILBOX_URL = `http://${e2eEnv.host}:${e2eEnv.mailboxPort}`;

export interface ReceivedMessage {
  subject: string;
  text: string;
}

export async function messagesTo(email: string): Promise<ReceivedMessage[]> {
  const response = await fetch(`${MAILBOX_URL}/messages?to=${encodeURIComponent(email)}`);
  if (!response.ok) throw new Error(`mailbox answered ${response.status}`);
  return (await response.json()) as ReceivedMessage[];
}

/**
 * The newest message sent to `email`, waiting for it to arrive (the store mails after it
 * answers). `after` is how many messages that address had before: the wait is for a new one.
 */
export async function latestMessageTo(email: string, { after = 0 }: { after?: number } = {}): Promise<ReceivedMessage> {
  let messages: ReceivedMessage[] = [];
  await expect
    .poll(async () => (messages = await messagesTo(email)).length, { message: `an e-mail to ${email}` })
    .toBeGreaterThan(after);
  return messages.at(-1)!;
}

/** The first link in a message's text that starts with `prefix`. */
export function linkIn(message: ReceivedMessage, prefix: string): string {
  const link = message.text.match(/https?:\/\/\S+/g)?.find((url) => url.startsWith(prefix));
  if (!link) throw new Error(`no ${prefix} link in "${message.subject}":\n${message.text}`);
  return link;
}
