/**
 * The Pix "copia e cola" payload (BR Code): EMV QRCPS-MPM fields as the Banco Central's
 * "Manual de Padrões para Iniciação do Pix" lays them out. Pure functions, no I/O: the
 * sandbox builds a code a bank app would read, and the tests read it back.
 *
 * Written here rather than taken from pix-utils (decision 0021): that package brings axios
 * (it also fetches dynamic Pix locations) into what is string formatting, and gives no say over
 * the point of initiation method a one-sale code needs.
 */

/** A payload that cannot be built or read; the message says which field and why. */
export class PixBrCodeError extends Error {
  override name = "PixBrCodeError";
}

export interface PixBrCodeInput {
  /** The receiver's Pix key: CPF, CNPJ, e-mail, +55 phone or random key (EVP). */
  key: string;
  /** Up to 25 characters once accents are dropped; sent in capitals, as banks show it. */
  merchantName: string;
  /** Up to 15 characters once accents are dropped. */
  merchantCity: string;
  /** Greater than zero. */
  amountCents: number;
  /** The charge's id: up to 25 letters and digits; none gives the manual's "***". */
  txid?: string | null;
  /** Free text the payer's app may show (field 26-02). */
  description?: string | null;
  /** 01=12, the code serves one payment (a sale's charge, the default); false writes 11 (reusable). */
  singleUse?: boolean;
}

export interface ParsedPixBrCode {
  payloadFormatIndicator: string;
  /** "12": one payment only; "11": reusable; null when absent. */
  pointOfInitiationMethod: string | null;
  gui: string;
  key: string;
  description: string | null;
  merchantCategoryCode: string;
  currency: string;
  /** "123.45"; null for a code that lets the payer type the amount. */
  amount: string | null;
  countryCode: string;
  merchantName: string;
  merchantCity: string;
  txid: string;
  crc: string;
}

const GUI = "br.gov.bcb.pix";
const ID = {
  payloadFormat: "00",
  initiation: "01",
  merchantAccount: "26",
  categoryCode: "52",
  currency: "53",
  amount: "54",
  country: "58",
  name: "59",
  city: "60",
  additionalData: "62",
  crc: "63",
} as const;
const ACCOUNT = { gui: "00", key: "01", description: "02" } as const;
const ADDITIONAL = { txid: "05" } as const;
const INITIATION = { singleUse: "12", reusable: "11" } as const;
const BRL = "986";
const NO_TXID = "***";
const LIMITS = { name: 25, city: 15, txid: 25, field: 99, amount: 13 } as const;
const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;
const TXID = /^[A-Za-z0-9]{1,25}$/;
const CRC_FIELD = `${ID.crc}04`;

/** CRC16-CCITT-FALSE (polynomial 0x1021, initial 0xFFFF) as 4 capital hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** One ID-length-value field; a value the two-digit length cannot hold is refused. */
function field(id: string, value: string, label: string): string {
  if (value.length > LIMITS.field) throw new PixBrCodeError(`${label}: no máximo ${LIMITS.field} caracteres.`);
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}

/** Accents dropped, capitals, printable ASCII only: what bank apps show for name and city. */
function plainUpper(value: string, label: string, max: number): string {
  const plain = value.normalize("NFD").replace(/\p{M}/gu, "").replace(/\s+/g, " ").trim().toUpperCase();
  if (!plain) throw new PixBrCodeError(`${label}: obrigatório.`);
  if (!PRINTABLE_ASCII.test(plain))
    throw new PixBrCodeError(`${label}: use só letras sem acento, números e pontuação.`);
  if (plain.length > max) throw new PixBrCodeError(`${label}: no máximo ${max} caracteres.`);
  return plain;
}

function plainText(value: string, label: string): string {
  const plain = value.normalize("NFD").replace(/\p{M}/gu, "").replace(/\s+/g, " ").trim();
  if (!PRINTABLE_ASCII.test(plain))
    throw new PixBrCodeError(`${label}: use só letras sem acento, números e pontuação.`);
  return plain;
}

function amountText(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0) {
    throw new PixBrCodeError("Valor: informe um valor em centavos maior que zero.");
  }
  const text = `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
  if (text.length > LIMITS.amount) throw new PixBrCodeError(`Valor: no máximo ${LIMITS.amount} caracteres.`);
  return text;
}

/** The BR Code of one charge: an amount, a txid, and by default 01=12 (the code serves one payment). */
export function buildPixBrCode(input: PixBrCodeInput): string {
  const key = input.key.trim();
  if (!key) throw new PixBrCodeError("Chave Pix: obrigatória.");
  if (!PRINTABLE_ASCII.test(key)) throw new PixBrCodeError("Chave Pix: caracteres inválidos.");
  const txid = input.txid ? input.txid.trim() : NO_TXID;
  if (txid !== NO_TXID && !TXID.test(txid)) {
    throw new PixBrCodeError(`Identificador (txid): de 1 a ${LIMITS.txid} letras ou números, sem espaços.`);
  }
  const description = input.description ? plainText(input.description, "Descrição") : "";
  const account =
    field(ACCOUNT.gui, GUI, "GUI") +
    field(ACCOUNT.key, key, "Chave Pix") +
    (description ? field(ACCOUNT.description, description, "Descrição") : "");
  const body =
    field(ID.payloadFormat, "01", "Formato") +
    field(
      ID.initiation,
      input.singleUse === false ? INITIATION.reusable : INITIATION.singleUse,
      "Método de iniciação",
    ) +
    field(ID.merchantAccount, account, "Chave Pix e descrição") +
    field(ID.categoryCode, "0000", "MCC") +
    field(ID.currency, BRL, "Moeda") +
    field(ID.amount, amountText(input.amountCents), "Valor") +
    field(ID.country, "BR", "País") +
    field(ID.name, plainUpper(input.merchantName, "Nome do recebedor", LIMITS.name), "Nome do recebedor") +
    field(ID.city, plainUpper(input.merchantCity, "Cidade do recebedor", LIMITS.city), "Cidade do recebedor") +
    field(ID.additionalData, field(ADDITIONAL.txid, txid, "Identificador (txid)"), "Dados adicionais") +
    CRC_FIELD;
  return body + crc16(body);
}

/** The fields of a TLV string, in order; a length that runs past the end is refused. */
function fieldsOf(text: string, where: string): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(text.slice(at + 2, at + 4)) || at + 4 + length > text.length) {
      throw new PixBrCodeError(`${where}: campo malformado na posição ${at}.`);
    }
    if (fields.has(id)) throw new PixBrCodeError(`${where}: campo ${id} repetido.`);
    fields.set(id, text.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}

function required(fields: Map<string, string>, id: string, label: string): string {
  const value = fields.get(id);
  if (value === undefined) throw new PixBrCodeError(`${label} (campo ${id}) ausente.`);
  return value;
}

/** Reads a BR Code back, checking its CRC and the Pix GUI. */
export function parsePixBrCode(payload: string): ParsedPixBrCode {
  const text = payload.trim();
  if (!PRINTABLE_ASCII.test(text)) throw new PixBrCodeError("BR Code: caracteres inválidos.");
  const crcAt = text.length - 8;
  if (crcAt < 0 || text.slice(crcAt, crcAt + 4) !== CRC_FIELD) {
    throw new PixBrCodeError("BR Code: o CRC (campo 63) deve ser o último campo.");
  }
  const crc = text.slice(crcAt + 4);
  if (crc16(text.slice(0, crcAt + 4)) !== crc.toUpperCase()) throw new PixBrCodeError("BR Code: CRC não confere.");
  const fields = fieldsOf(text, "BR Code");
  const account = fieldsOf(required(fields, ID.merchantAccount, "Conta do recebedor"), "Campo 26");
  const gui = required(account, ACCOUNT.gui, "GUI");
  if (gui.toLowerCase() !== GUI) throw new PixBrCodeError(`Campo 26: GUI ${gui} não é ${GUI}.`);
  const additional = fieldsOf(required(fields, ID.additionalData, "Dados adicionais"), "Campo 62");
  return {
    payloadFormatIndicator: required(fields, ID.payloadFormat, "Formato"),
    pointOfInitiationMethod: fields.get(ID.initiation) ?? null,
    gui,
    key: required(account, ACCOUNT.key, "Chave Pix"),
    description: account.get(ACCOUNT.description) ?? null,
    merchantCategoryCode: required(fields, ID.categoryCode, "MCC"),
    currency: required(fields, ID.currency, "Moeda"),
    amount: fields.get(ID.amount) ?? null,
    countryCode: required(fields, ID.country, "País"),
    merchantName: required(fields, ID.name, "Nome do recebedor"),
    merchantCity: required(fields, ID.city, "Cidade do recebedor"),
    txid: required(additional, ADDITIONAL.txid, "Identificador (txid)"),
    crc,
  };
}
