import path from "node:path";
import { z } from "zod";

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(z.string().url().optional());

const schema = z.object({
  NODE_ENV: z.string().default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalUrl,
  STORE_API_URL: optionalUrl,
  STORE_ID: z.coerce.number().int().positive().default(1),
  SESSION_SECRET: z.string().optional(),
  SEED_DEMO_DATA: z.enum(["true", "false"]).default("true"),
  CEP_API_URL: z.string().url().default("https://viacep.com.br"),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().trim().min(3).default("Loja Escolar <nao-responda@lojaescolar.com.br>"),
  PUBLIC_URL: optionalUrl,
  TERMS_URL: z.string().url().default("https://www.lojaescolar.com.br/termos-e-condicoes"),
  HOME_HIGHLIGHT_ID: z.coerce.number().int().positive().default(1),
  CONTACT_PHONE: z.string().default("(81) 3034-1000"),
  CONTACT_EMAIL: z.string().email().default("atendimento@lojaescolar.com.br"),
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
});

export type Env = z.infer<typeof schema> & {
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
  const result = schema.safeParse(process.env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Configuração inválida:\n${problems.join("\n")}`);
  }
  cached = {
    ...result.data,
    dataDir: path.resolve(result.data.DATA_DIR),
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
