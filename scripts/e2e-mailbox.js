// A mailbox for the e2e suite: a real SMTP server on loopback that keeps what the store
// sends, and a tiny HTTP endpoint that lets tests read it (GET /messages?to=<email>).
// Plain JavaScript: scripts/e2e-server.js runs under Node without a TypeScript step.
import http from "node:http";
import { SMTPServer } from "smtp-server";

/** Splits a message (or a MIME part) into lower-cased, unfolded headers and its body. */
function splitPart(raw) {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : "";
  const headers = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeQuotedPrintable(text) {
  const joined = text.replace(/=\r?\n/g, "");
  const bytes = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === "=" ? joined.slice(i + 1, i + 3) : "";
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeBody(body, encoding = "") {
  switch (encoding.toLowerCase()) {
    case "quoted-printable":
      return decodeQuotedPrintable(body);
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    default:
      return body;
  }
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=), as nodemailer writes a Portuguese subject. */
function decodeHeader(value = "") {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_, kind, text) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

/** The text/plain body of a message, looking inside multipart containers. */
function plainText({ headers, body }) {
  const type = headers["content-type"] ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith("--")) break;
      const text = plainText(splitPart(part.replace(/^\r?\n/, "")));
      if (text !== null) return text;
    }
    return null;
  }
  if (!/^text\/plain/i.test(type)) return null;
  return decodeBody(body, headers["content-transfer-encoding"]).replace(/\r\n/g, "\n").trim();
}

/** Parses what the SMTP server received into { to, subject, text }. */
export function readMessage(source, recipients) {
  const part = splitPart(source);
  return { to: recipients, subject: decodeHeader(part.headers.subject), text: plainText(part) ?? "" };
}

/**
 * Starts both servers on 127.0.0.1 and resolves once they listen.
 * Returns the SMTP URL for the store and a close function.
 */
export async function startMailbox({ smtpPort, httpPort }) {
  const messages = [];
  const smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("end", () => {
        const recipients = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        messages.push(readMessage(Buffer.concat(chunks).toString("utf8"), recipients));
        callback();
      });
    },
  });
  smtp.on("error", (error) => console.error("[e2e-mailbox] SMTP:", error.message));
  const api = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (req.method !== "GET" || url.pathname !== "/messages") {
      res.writeHead(404).end();
      return;
    }
    const to = url.searchParams.get("to")?.toLowerCase();
    const found = messages.filter((m) => !to || m.to.includes(to)).map(({ subject, text }) => ({ subject, text }));
    res.writeHead(200, { "content-type": "application/json; charset=utf-8" }).end(JSON.stringify(found));
  });
  await Promise.all([
    new Promise((resolve, reject) => smtp.listen(smtpPort, "127.0.0.1", resolve).once("error", reject)),
    new Promise((resolve, reject) => api.listen(httpPort, "127.0.0.1", resolve).once("error", reject)),
  ]);
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    close: () => Promise.all([new Promise((r) => smtp.close(r)), new Promise((r) => api.close(r))]),
  };
}
