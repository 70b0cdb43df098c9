import path from "node:path";
import { z } from "zod";
import { PIX_EXPIRY_MINUTES } from "#api/payments/pix/pix-expiry.ts";
import { DEMO_CATALOGUE_SIZE } from "#db/seed/large-catalogue.ts";
import { MERCADOPAGO_PIX_MIN_EXPIRY_MINUTES } from "#api/payments/mercadopago/mercadopago-gateway.ts";
import { DEFAULT_QUIET_HOURS, parseQuietHours, type QuietHours } from "#api/messages/quiet-hours.ts";
import { STORE_TIME_ZONE } from "#core/dates.ts";

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(z.string().url().optional());

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * Mercado Pago's credentials (Suas integrações > Credenciais): "APP_USR-…" in production,
 * "TEST-…" for a test account. The access token is a long dash-separated string; the public
 * key is the prefix and a UUID.
 */
const MERCADOPAGO_ACCESS_TOKEN = /^(APP_USR|TEST)-[A-Za-z0-9-]{20,}$/;
const MERCADOPAGO_PUBLIC_KEY = /^(APP_USR|TEST)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** https, or plain http to a loopback address only (a test double). */
const httpsOrLoopbackAddress = (fallback: string, why: string) =>
  z
    .string()
    .url()
    .default(fallback)
    .refine((value) => {
      // Not a URL at all: .url() has said so already.
      if (!URL.canParse(value)) return true;
      const url = new URL(value);
      return url.protocol === "https:" || LOOPBACK_HOSTS.has(url.hostname);
    }, `use https:// (só um endereço local, como o de um dublê de testes, pode ser http://): ${why}`);

/** The WhatsApp Cloud API's address (Graph API): https, or a loopback double's in tests. */
const whatsappApiUrl = httpsOrLoopbackAddress("https://graph.facebook.com", "o token de acesso vai em cada chamada.");

const mercadoPagoUrl = httpsOrLoopbackAddress("https://api.mercadopago.com", "o token de acesso vai em cada chamada.");
/** MercadoPago.js v2, loaded by the payment step to tokenise cards (docs/decisions/0019-mercado-pago.md). */
const mercadoPagoSdkUrl = httpsOrLoopbackAddress(
  "https://sdk.mercadopago.com/js/v2",
  "o script recebe os dados do cartão digitados na página de pagamento.",
);

/**
 * Which calls beyond spec §7 the store may use (docs/decisions/0026-school-api-optional-calls.md):
 * auto, all, none, or the calls' names separated by commas (checked against the contract at
 * start, by store-api/extensions.server.ts: this module stays free of the contract).
 */
const storeApiExtensions = z
  .string()
  .trim()
  .default("auto")
  .transform((value): "auto" | "all" | "none" | string[] =>
    value === "auto" || value === "all" || value === "none"
      ? value
      : value
          .split(",")
          .map((name) => name.trim())
          .filter(Boolean),
  );

const schema = z.object({
  NODE_ENV: z.string().default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalUrl,
  STORE_API_URL: optionalUrl,
  STORE_API_EXTENSIONS: storeApiExtensions,
  STORE_ID: z.coerce.number().int().positive().default(1),
  SESSION_SECRET: z.string().optional(),
  // The staff's authenticator secrets' key, newest first (totp-keys.server.ts, docs/decisions/0049).
  TOTP_ENCRYPTION_KEY: z.string().optional(),
  SEED_DEMO_DATA: z.enum(["true", "false"]).default("true"),
  // How many products the demo seed writes: 96, or up to 100,000 for measuring (docs/decisions/0038).
  SEED_CATALOGUE_SIZE: z.coerce
    .number({ error: "use um número inteiro de produtos (ex.: 10000)." })
    .int({ error: "use um número inteiro de produtos (ex.: 10000)." })
    .min(DEMO_CATALOGUE_SIZE, { error: `pelo menos ${DEMO_CATALOGUE_SIZE}, o catálogo de demonstração.` })
    .max(100_000, { error: "no máximo 100000 produtos." })
    .default(DEMO_CATALOGUE_SIZE),
  CEP_API_URL: z.string().url().default("https://viacep.com.br"),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().trim().min(3).default("Loja Escolar <nao-responda@lojaescolar.com.br>"),
  PUBLIC_URL: optionalUrl,
  TERMS_URL: z.string().url().default("https://www.lojaescolar.com.br/termos-e-condicoes"),
  HOME_HIGHLIGHT_ID: z.coerce.number().int().positive().default(1),
  CONTACT_PHONE: z.string().default("(81) 3034-1000"),
  // Defaulted in getEnv: whether the operator set it matters (start-checks.server.ts).
  CONTACT_EMAIL: z.string().trim().email().optional(),
  STORE_ADDRESS: z.string().default("Av. Engenheiro Domingos Ferreira, 2160, Boa Viagem, Recife - PE, 51111-020"),
  STORE_CNPJ: z.string().default("12.345.678/0001-95"),
  STORE_LEGAL_NAME: z.string().default("Rede Saber Educação Ltda."),
  INSTAGRAM_URL: z.string().url().default("https://www.instagram.com/lojaescolar"),
  FACEBOOK_URL: z.string().url().default("https://www.facebook.com/lojaescolar"),
  YOUTUBE_URL: z.string().url().default("https://www.youtube.com/@lojaescolar"),
  HOST: z.string().trim().min(1).default("127.0.0.1"),
  TRUST_PROXY: z
    .string()
    .trim()
    .default("false")
    .refine((value) => value !== "true", {
      message:
        'use o número de proxies à frente da loja (ex.: 1) ou os endereços deles; "true" deixaria qualquer cliente escolher o próprio endereço.',
    }),
  ALLOW_DEMO: z.enum(["true", "false"]).default("false"),
  COOKIE_SECURE: z.enum(["true", "false"]).optional(),
  PAYMENT_GATEWAY: z.enum(["sandbox", "mercadopago"]).default("sandbox"),
  MERCADOPAGO_ACCESS_TOKEN: z.string().trim().optional(),
  MERCADOPAGO_PUBLIC_KEY: z.string().trim().optional(),
  MERCADOPAGO_WEBHOOK_SECRET: z.string().trim().optional(),
  MERCADOPAGO_API_URL: mercadoPagoUrl,
  MERCADOPAGO_SDK_URL: mercadoPagoSdkUrl,
  MERCADOPAGO_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(60_000).default(10_000),
  PIX_EXPIRY_MINUTES: z.coerce
    .number()
    .int()
    .min(PIX_EXPIRY_MINUTES.min)
    .max(PIX_EXPIRY_MINUTES.max)
    .default(PIX_EXPIRY_MINUTES.default),
  // WhatsApp (issue 31, docs/whatsapp.md): off unless WHATSAPP_PHONE_NUMBER_ID is set.
  WHATSAPP_PHONE_NUMBER_ID: z.string().trim().optional(),
  WHATSAPP_ACCESS_TOKEN: z.string().trim().optional(),
  WHATSAPP_APP_SECRET: z.string().trim().optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().trim().optional(),
  WHATSAPP_API_URL: whatsappApiUrl,
  WHATSAPP_API_VERSION: z
    .string()
    .trim()
    .regex(/^v\d+\.\d+$/, { message: "use a versão da Graph API como a Meta a escreve (ex.: v23.0)." })
    .default("v23.0"),
  WHATSAPP_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(60_000).default(10_000),
  MESSAGE_QUIET_HOURS: z
    .string()
    .trim()
    .default(`${DEFAULT_QUIET_HOURS.from}-${DEFAULT_QUIET_HOURS.to}`)
    .refine((value) => parseQuietHours(value) !== null, {
      message: "use a hora de início e a de fim, de 0 a 23 e diferentes (ex.: 21-8: das 21h às 8h).",
    }),
  MESSAGE_TIME_ZONE: z
    .string()
    .trim()
    .default(STORE_TIME_ZONE)
    .refine(isTimeZone, { message: "use um fuso horário IANA (ex.: America/Recife, America/Sao_Paulo)." }),
});

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * With WHATSAPP_PHONE_NUMBER_ID set, WhatsApp is on and the rest must be there, each of the
 * shape Meta gives it (WhatsApp Manager and the app's dashboard; docs/whatsapp.md).
 */
function checkWhatsapp(data: z.infer<typeof schema>, context: z.RefinementCtx) {
  const problem = (variable: string, message: string) =>
    context.addIssue({ code: "custom", path: [variable], message });
  const phoneNumberId = data.WHATSAPP_PHONE_NUMBER_ID;
  if (!phoneNumberId) {
    const stray = (["WHATSAPP_ACCESS_TOKEN", "WHATSAPP_APP_SECRET", "WHATSAPP_VERIFY_TOKEN"] as const).filter(
      (variable) => data[variable],
    );
    for (const variable of stray)
      problem(variable, "definida sem WHATSAPP_PHONE_NUMBER_ID: defina-o também para ligar o WhatsApp, ou tire esta.");
    return;
  }
  if (!/^\d{5,20}$/.test(phoneNumberId))
    problem(
      "WHATSAPP_PHONE_NUMBER_ID",
      "não tem a forma da identificação do número de telefone da Meta (só dígitos; WhatsApp Manager > Números de telefone).",
    );
  const token = data.WHATSAPP_ACCESS_TOKEN;
  if (!token) problem("WHATSAPP_ACCESS_TOKEN", "obrigatório com o WhatsApp ligado (token de um usuário do sistema).");
  else if (!/^EAA[A-Za-z0-9]{20,}$/.test(token))
    problem("WHATSAPP_ACCESS_TOKEN", "não tem a forma de um token de acesso da Meta (EAA… sem espaços).");
  const secret = data.WHATSAPP_APP_SECRET;
  if (!secret)
    problem("WHATSAPP_APP_SECRET", "obrigatória com o WhatsApp ligado (Painel do app > Configurações > Básico).");
  else if (!/^[0-9a-f]{32}$/i.test(secret))
    problem("WHATSAPP_APP_SECRET", "não tem a forma da chave secreta do app da Meta (32 caracteres hexadecimais).");
  const verifyToken = data.WHATSAPP_VERIFY_TOKEN;
  if (!verifyToken)
    problem(
      "WHATSAPP_VERIFY_TOKEN",
      "obrigatório com o WhatsApp ligado: o texto que você digita ao cadastrar o webhook.",
    );
  else if (!/^\S{16,}$/.test(verifyToken)) problem("WHATSAPP_VERIFY_TOKEN", "use 16 caracteres ou mais, sem espaços.");
}

/** With PAYMENT_GATEWAY=mercadopago, the three credentials, each of its documented shape. */
function checkMercadoPago(data: z.infer<typeof schema>, context: z.RefinementCtx) {
  if (data.PAYMENT_GATEWAY !== "mercadopago") return;
  const problem = (variable: string, message: string) =>
    context.addIssue({ code: "custom", path: [variable], message });
  const token = data.MERCADOPAGO_ACCESS_TOKEN;
  const key = data.MERCADOPAGO_PUBLIC_KEY;
  if (!token)
    problem(
      "MERCADOPAGO_ACCESS_TOKEN",
      "obrigatório com PAYMENT_GATEWAY=mercadopago (Suas integrações > Credenciais).",
    );
  else if (!MERCADOPAGO_ACCESS_TOKEN.test(token))
    problem("MERCADOPAGO_ACCESS_TOKEN", "não tem a forma de um Access Token do Mercado Pago (APP_USR-… ou TEST-…).");
  if (!key)
    problem("MERCADOPAGO_PUBLIC_KEY", "obrigatória com PAYMENT_GATEWAY=mercadopago (Suas integrações > Credenciais).");
  else if (!MERCADOPAGO_PUBLIC_KEY.test(key))
    problem(
      "MERCADOPAGO_PUBLIC_KEY",
      "não tem a forma de uma Public Key do Mercado Pago (APP_USR-… ou TEST- seguido de um UUID).",
    );
  else if (token && MERCADOPAGO_ACCESS_TOKEN.test(token) && token.split("-")[0] !== key.split("-")[0])
    problem(
      "MERCADOPAGO_PUBLIC_KEY",
      "é de outro ambiente que o MERCADOPAGO_ACCESS_TOKEN (uma de teste, TEST-, e outra de produção, APP_USR-).",
    );
  if (data.PIX_EXPIRY_MINUTES < MERCADOPAGO_PIX_MIN_EXPIRY_MINUTES)
    problem(
      "PIX_EXPIRY_MINUTES",
      `com o Mercado Pago, pelo menos ${MERCADOPAGO_PIX_MIN_EXPIRY_MINUTES}: ele não emite um Pix que vença antes.`,
    );
  const secret = data.MERCADOPAGO_WEBHOOK_SECRET;
  if (!secret)
    problem(
      "MERCADOPAGO_WEBHOOK_SECRET",
      "obrigatória com PAYMENT_GATEWAY=mercadopago (Suas integrações > Webhooks > assinatura secreta).",
    );
  else if (!/^\S{32,}$/.test(secret))
    problem(
      "MERCADOPAGO_WEBHOOK_SECRET",
      "não tem a forma da assinatura secreta do Mercado Pago (32 caracteres ou mais, sem espaços).",
    );
}

const checkedSchema = schema.superRefine(checkMercadoPago).superRefine(checkWhatsapp);

/** The WhatsApp Cloud API's settings, when WHATSAPP_PHONE_NUMBER_ID turns it on (all checked at start). */
export interface WhatsappSettings {
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  /** The Graph API's address without a trailing slash, and its version ("v23.0"). */
  apiUrl: string;
  apiVersion: string;
  timeoutMs: number;
}

function whatsappOf(data: z.infer<typeof schema>): WhatsappSettings | null {
  const { WHATSAPP_PHONE_NUMBER_ID: phoneNumberId, WHATSAPP_ACCESS_TOKEN: accessToken } = data;
  const { WHATSAPP_APP_SECRET: appSecret, WHATSAPP_VERIFY_TOKEN: verifyToken } = data;
  if (!phoneNumberId || !accessToken || !appSecret || !verifyToken) return null;
  return {
    phoneNumberId,
    accessToken,
    appSecret,
    verifyToken,
    apiUrl: data.WHATSAPP_API_URL.replace(/\/+$/, ""),
    apiVersion: data.WHATSAPP_API_VERSION,
    timeoutMs: data.WHATSAPP_TIMEOUT_MS,
  };
}

/** The acquirer's settings, when PAYMENT_GATEWAY=mercadopago (all checked at start). */
export interface MercadoPagoSettings {
  accessToken: string;
  publicKey: string;
  webhookSecret: string;
  apiUrl: string;
  /** MercadoPago.js v2's address: the official one, or a double's in tests. */
  sdkUrl: string;
  timeoutMs: number;
  /** Test credentials (TEST-…): no money moves. */
  testMode: boolean;
}

function mercadoPagoOf(data: z.infer<typeof schema>): MercadoPagoSettings | null {
  const { MERCADOPAGO_ACCESS_TOKEN: accessToken, MERCADOPAGO_PUBLIC_KEY: publicKey } = data;
  const webhookSecret = data.MERCADOPAGO_WEBHOOK_SECRET;
  if (data.PAYMENT_GATEWAY !== "mercadopago" || !accessToken || !publicKey || !webhookSecret) return null;
  return {
    accessToken,
    publicKey,
    webhookSecret,
    apiUrl: data.MERCADOPAGO_API_URL.replace(/\/+$/, ""),
    sdkUrl: data.MERCADOPAGO_SDK_URL,
    timeoutMs: data.MERCADOPAGO_TIMEOUT_MS,
    testMode: accessToken.startsWith("TEST-"),
  };
}

/** The demo store's central; a real store sets its own (docs/decisions/0023-support-tickets.md). */
export const DEFAULT_CONTACT_EMAIL = "atendimento@lojaescolar.com.br";

export type Env = Omit<z.infer<typeof schema>, "CONTACT_EMAIL"> & {
  /** The central's address: shown on the site, and where "Fale conosco" tickets are e-mailed. */
  CONTACT_EMAIL: string;
  /** CONTACT_EMAIL was set, not the demo's default. */
  contactEmailSet: boolean;
  /** PAYMENT_GATEWAY=mercadopago's settings; null with the sandbox. */
  mercadoPago: MercadoPagoSettings | null;
  /** WhatsApp's settings; null while it is off (the default). */
  whatsapp: WhatsappSettings | null;
  /** When reminders are not sent (MESSAGE_QUIET_HOURS in MESSAGE_TIME_ZONE). */
  quietHours: QuietHours;
  dataDir: string;
  /** Express's "trust proxy": false, a hop count, or the proxies' addresses (never "everyone"). */
  trustProxy: false | number | string[];
  isProduction: boolean;
  cookieSecure: boolean;
  /** Where shoppers reach the store, without a trailing slash (links in e-mails). */
  publicUrl: string;
};

let cached: Env | undefined;

/** "false" → none; "2" → two hops; "10.0.0.1, loopback" → those addresses (express syntax). */
function trustProxyOf(value: string): Env["trustProxy"] {
  if (value === "false" || value === "0" || value === "") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** The validated configuration; a bad variable stops the server at start with its name. */
export function getEnv(): Env {
  if (cached) return cached;
  const result = checkedSchema.safeParse(process.env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Configuração inválida:\n${problems.join("\n")}`);
  }
  cached = {
    ...result.data,
    CONTACT_EMAIL: result.data.CONTACT_EMAIL ?? DEFAULT_CONTACT_EMAIL,
    contactEmailSet: result.data.CONTACT_EMAIL !== undefined,
    dataDir: path.resolve(result.data.DATA_DIR),
    mercadoPago: mercadoPagoOf(result.data),
    whatsapp: whatsappOf(result.data),
    quietHours: { ...parseQuietHours(result.data.MESSAGE_QUIET_HOURS)!, timeZone: result.data.MESSAGE_TIME_ZONE },
    trustProxy: trustProxyOf(result.data.TRUST_PROXY),
    publicUrl: (result.data.PUBLIC_URL ?? `http://localhost:${result.data.PORT}`).replace(/\/+$/, ""),
    isProduction: result.data.NODE_ENV === "production",
    // Secure cookies in production unless the operator serves plain HTTP on purpose.
    cookieSecure: result.data.COOKIE_SECURE
      ? result.data.COOKIE_SECURE === "true"
      : result.data.NODE_ENV === "production",
  };
  return cached;
}
