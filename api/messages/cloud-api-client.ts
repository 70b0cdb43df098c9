/**
 * The WhatsApp Cloud API's send call (issue 31; docs/decisions/0080-whatsapp-channel.md): one
 * template message, POST {apiUrl}/{apiVersion}/{phoneNumberId}/messages with the system user's
 * token, as Meta documents "Send message templates". Meta answers `messages[0].id` (the wamid)
 * or its Graph API error body `{ error: { message, type, code, error_data: { details }, fbtrace_id } }`,
 * which is read into a CloudApiError that says whether sending again can help.
 *
 * Runs under plain Node (type stripping): no TypeScript-only syntax.
 */

export interface CloudApiSettings {
  /** The Graph API's address without a trailing slash, and its version ("v23.0"). */
  apiUrl: string;
  apiVersion: string;
  phoneNumberId: string;
  accessToken: string;
  timeoutMs: number;
}

export interface TemplateSend {
  /** The outbox row's id, sent as biz_opaque_callback_data: Meta echoes it in the status webhook. */
  id: string;
  /** Digits with the country code. */
  to: string;
  template: string;
  language: string;
  parameters: readonly string[];
}

/**
 * Errors Meta documents as the request's own fault: sending the same again fails the same way
 * (WhatsApp error codes; Graph API 100 is a bad parameter). The message goes by e-mail instead.
 */
const PERMANENT_CODES = new Set([
  100, // Invalid parameter
  470, // Re-engagement message (outside the window)
  1013, // User is not valid
  131008, // Required parameter is missing
  131009, // Parameter value is not valid
  131021, // Recipient cannot be sender
  131026, // Message undeliverable (not on WhatsApp, old version, terms not accepted)
  131047, // Re-engagement message
  131051, // Unsupported message type
  132000, // Template param count mismatch
  132001, // Template does not exist
  132005, // Template hydrated text too long
  132007, // Template format character policy violated
  132012, // Template parameter format mismatch
  132015, // Template is paused
  132016, // Template is disabled
  132018, // Template parameters contain a newline, a tab or more than 4 spaces
  133010, // Phone number not registered
]);

/** The access token is wrong or expired: sending again helps only once an operator fixes it. */
const TOKEN_CODES = new Set([190]);

export type CloudApiErrorKind = "permanent" | "retryable" | "token" | "timeout";

/** A send that did not give a wamid; `code` and `title` are Meta's (never a number or a text of ours). */
export class CloudApiError extends Error {
  readonly kind: CloudApiErrorKind;
  readonly code: string;
  readonly title: string;
  readonly status: number | null;
  constructor(kind: CloudApiErrorKind, code: string, title: string, status: number | null) {
    super(`${code} ${title}`);
    this.name = "CloudApiError";
    this.kind = kind;
    this.code = code;
    this.title = title;
    this.status = status;
  }
  /** For last_error: Meta's code and title, at most 120 characters. */
  get summary(): string {
    return `${this.code} ${this.title}`.trim().slice(0, 120);
  }
}

/**
 * Meta's title without the "(#132000) " its message starts with. Only a title-like first part is
 * kept: a message may quote what was sent.
 */
function titleOf(message: unknown): string {
  if (typeof message !== "string") return "";
  return message
    .replace(/^\(#\d+\)\s*/, "")
    .split(/[\n:]/)[0]!
    .trim()
    .slice(0, 100);
}

/** What kind of failure Meta's error code and the HTTP status are. */
export function classifyCloudApiError(code: number | null, status: number): CloudApiErrorKind {
  if ((code !== null && TOKEN_CODES.has(code)) || status === 401) return "token";
  if (code !== null && PERMANENT_CODES.has(code)) return "permanent";
  // Rate limits (130429, 131048, 131056), a generic error (131000), a temporary one (2, 4, 80007), 5xx:
  // later. An unknown code too: the attempts bound it, then the fallback e-mail goes.
  return "retryable";
}

/** Reads Meta's error reply into a CloudApiError; without Meta's body, by its HTTP status. */
export function cloudApiErrorOf(status: number, body: unknown): CloudApiError {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  const parsed = typeof error?.code === "number" || typeof error?.code === "string" ? Number(error.code) : NaN;
  const code = Number.isInteger(parsed) ? parsed : null;
  const kind = classifyCloudApiError(code, status);
  if (code === null) return new CloudApiError(kind, `HTTP ${status}`, "", status);
  return new CloudApiError(kind, String(code), titleOf(error?.message) || `HTTP ${status}`, status);
}

/** The request body Meta documents for a template message; `components` only with parameters. */
export function templateMessageBody(message: TemplateSend): Record<string, unknown> {
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: message.to,
    type: "template",
    template: {
      name: message.template,
      language: { code: message.language },
      ...(message.parameters.length > 0
        ? {
            components: [{ type: "body", parameters: message.parameters.map((text) => ({ type: "text", text })) }],
          }
        : {}),
    },
    biz_opaque_callback_data: message.id,
  };
}

export interface CloudApiClient {
  /** Sends one template message; answers Meta's id for it (wamid) or throws a CloudApiError. */
  sendTemplate(message: TemplateSend): Promise<string>;
  /** How long a send may take at most: the worker's lease is longer. */
  readonly timeoutMs: number;
}

export function createCloudApiClient(settings: CloudApiSettings): CloudApiClient {
  const url = `${settings.apiUrl}/${settings.apiVersion}/${settings.phoneNumberId}/messages`;
  return {
    timeoutMs: settings.timeoutMs,
    async sendTemplate(message) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: "POST",
          headers: { authorization: `Bearer ${settings.accessToken}`, "content-type": "application/json" },
          body: JSON.stringify(templateMessageBody(message)),
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
      } catch (error) {
        // A timeout leaves it unknown whether Meta took the message: the worker waits for the webhook.
        if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
          throw new CloudApiError("timeout", "tempo esgotado", `sem resposta em ${settings.timeoutMs} ms`, null);
        const cause = (error as { cause?: { code?: unknown } }).cause?.code;
        throw new CloudApiError("retryable", "rede", typeof cause === "string" ? cause : "falha de conexão", null);
      }
      let body: unknown = null;
      try {
        body = await response.json();
      } catch {
        // Not JSON (a proxy's error page): the status says enough.
      }
      if (!response.ok) throw cloudApiErrorOf(response.status, body);
      const wamid = (body as { messages?: { id?: unknown }[] } | null)?.messages?.[0]?.id;
      if (typeof wamid !== "string" || wamid === "")
        throw new CloudApiError(
          "retryable",
          `HTTP ${response.status}`,
          "resposta sem o id da mensagem",
          response.status,
        );
      return wamid;
    },
  };
}
