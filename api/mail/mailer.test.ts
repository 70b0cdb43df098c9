import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { decodeQuotedPrintable, startTestSmtpServer, type TestSmtpServer } from "#tests/fixtures/smtp-server.ts";
import { createMailer, createMemoryMailer, DEFAULT_MAIL_FROM } from "./mailer.ts";
import { passwordResetEmail } from "./password-reset-email.ts";

const link = "http://localhost:3000/resetar-senha/abcDEF123_-abcDEF123_-abcDEF123_-abcDEF123_-x";
const message = passwordResetEmail({ to: "maria@exemplo.com.br", name: "MARIA DAS DORES", link });

describe("the password-reset e-mail", () => {
  it("is in Portuguese, with the link and its validity, as text and HTML", () => {
    expect(message.subject).toBe("Redefinição de senha da Loja Escolar");
    expect(message.text).toContain("Olá, Maria!");
    expect(message.text).toContain(link);
    expect(message.text).toContain("O link vale por 1 hora.");
    expect(message.html).toContain(`href="${link}"`);
    expect(message.html).toContain("O link vale por 1 hora.");
  });

  it("escapes the name in the HTML part", () => {
    const html = passwordResetEmail({ to: "x@y.com", name: "<b>Ana</b>", link }).html;
    expect(html).not.toContain("<b>Ana</b>");
  });
});

describe("SMTP (SMTP_URL set)", () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(() => smtp.close());

  it("delivers the message to a real SMTP server with the link", async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: "/nonexistent", from: DEFAULT_MAIL_FROM });
    await mailer.send(message);
    const received = await smtp.waitForMessage(1);
    expect(received.from).toBe("nao-responda@lojaescolar.com.br");
    expect(received.to).toEqual(["maria@exemplo.com.br"]);
    expect(received.source).toContain(link);
    expect(received.source).toContain("O link vale por 1 hora.");
    expect(received.source).toMatch(/^Subject: .+$/m);
  });

  it("gives an outbox message a Message-ID derived from its id, the same on a resend", async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: "/nonexistent", from: DEFAULT_MAIL_FROM });
    const id = crypto.randomUUID();
    await mailer.send({ id, ...message });
    await mailer.send({ id, ...message });
    const sources = [(await smtp.waitForMessage(2)).source, (await smtp.waitForMessage(3)).source];
    for (const source of sources) expect(source).toContain(`Message-ID: <${id}@lojaescolar.com.br>`);
  });
});

describe("outbox (no SMTP_URL)", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "loja-outbox-"));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  afterEach(() => vi.restoreAllMocks());

  it("writes an .eml file and logs the subject, never the link", async () => {
    const log = vi.spyOn(console, "info").mockImplementation(() => {});
    const outboxDir = path.join(dir, "outbox");
    const mailer = createMailer({ outboxDir, from: "Loja Teste <loja@exemplo.com.br>" });
    await mailer.send(message);
    const files = fs.readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = decodeQuotedPrintable(fs.readFileSync(path.join(outboxDir, files[0]!), "utf8"));
    expect(eml).toMatch(/^From: Loja Teste <loja@exemplo\.com\.br>$/m);
    expect(eml).toMatch(/^To: maria@exemplo\.com\.br$/m);
    expect(eml).toContain(link);
    expect(eml).toContain("text/html");
    const logged = log.mock.calls.flat().join(" ");
    expect(logged).toContain(message.subject);
    expect(logged).not.toContain("resetar-senha");
  });

  it("writes a message as <id>.eml, whole, and a resend after a crash replaces it instead of adding one", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    const outboxDir = path.join(dir, "resend");
    const mailer = createMailer({ outboxDir });
    const id = crypto.randomUUID();
    await mailer.send({ id, ...message });
    await mailer.send({ id, ...message });
    expect(fs.readdirSync(outboxDir)).toEqual([`${id}.eml`]);
    const eml = fs.readFileSync(path.join(outboxDir, `${id}.eml`), "utf8");
    expect(eml).toMatch(new RegExp(`^Message-ID: <${id}@lojaescolar\\.com\\.br>$`, "m"));
    expect(eml.trimEnd()).toMatch(/--$/);
  });

  it("a crash's empty temporary is gone after the resend, and an abandoned one after the next start", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    const outboxDir = path.join(dir, "crashed");
    fs.mkdirSync(outboxDir);
    const resent = crypto.randomUUID();
    // What SIGKILL between open and write leaves: the message's own temporary, empty.
    fs.writeFileSync(path.join(outboxDir, `.${resent}.tmp`), "");
    // A message killed mid-write an hour ago and never resent (its row given up, say).
    const abandoned = path.join(outboxDir, `.${crypto.randomUUID()}.tmp`);
    fs.writeFileSync(abandoned, "");
    const anHourAgo = new Date(Date.now() - 60 * 60_000);
    fs.utimesSync(abandoned, anHourAgo, anHourAgo);
    // Another process's write under way: too young to be abandoned.
    const underWay = `.${crypto.randomUUID()}.tmp`;
    fs.writeFileSync(path.join(outboxDir, underWay), "");

    await createMailer({ outboxDir }).send({ id: resent, ...message });
    expect(fs.readdirSync(outboxDir).sort()).toEqual([underWay, `${resent}.eml`].sort());
  });
});

it("the memory mailer only collects", async () => {
  const mailer = createMemoryMailer();
  await mailer.send(message);
  expect(mailer.messages).toEqual([message]);
});
