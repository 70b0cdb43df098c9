import { describe, expect, it } from "vitest";
import { buildPixBrCode, crc16, parsePixBrCode, PixBrCodeError, type PixBrCodeInput } from "./br-code.ts";

// The Banco Central's example (Anexo I, "Padrões para Iniciação do Pix"): a static code with
// an EVP key, no amount and no txid.
const BCB_EXAMPLE =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";

// A published reusable code (01=11) with a CNPJ key, a description and an amount: the builder
// must write it byte for byte.
const PUBLISHED_WITH_AMOUNT =
  "00020101021126440014br.gov.bcb.pix0114481759260001440204RIFA520400005303986540510.005802BR5915COMUNIDADE NOVA6008BRASILIA62070503***6304C18E";

const sale: PixBrCodeInput = {
  key: "12345678000195",
  merchantName: "Rede Saber Educação Ltda.",
  merchantCity: "Recife",
  amountCents: 102_600,
  txid: "LE0000123abc",
  description: "Pedido LE-1234",
};

describe("crc16 (CRC16-CCITT-FALSE)", () => {
  it("gives the check values of the manual's examples", () => {
    expect(crc16(BCB_EXAMPLE.slice(0, -4))).toBe("1D3D");
    expect(
      crc16(
        "00020126360014BR.GOV.BCB.PIX0114+5561988888888520400005303986540510.005802BR5913FULANO DE TAL6008BRASILIA62070503***6304",
      ),
    ).toBe("EFA2");
    // The standard check value of CRC-16/CCITT-FALSE.
    expect(crc16("123456789")).toBe("29B1");
  });
});

describe("buildPixBrCode", () => {
  it("writes a published code byte for byte", () => {
    expect(
      buildPixBrCode({
        singleUse: false,
        key: "48175926000144",
        description: "RIFA",
        amountCents: 1000,
        merchantName: "Comunidade Nova",
        merchantCity: "Brasília",
      }),
    ).toBe(PUBLISHED_WITH_AMOUNT);
  });

  it("puts every field where a bank app reads it", () => {
    const payload = buildPixBrCode(sale);
    expect(parsePixBrCode(payload)).toEqual({
      payloadFormatIndicator: "01",
      pointOfInitiationMethod: "12",
      gui: "br.gov.bcb.pix",
      key: "12345678000195",
      description: "Pedido LE-1234",
      merchantCategoryCode: "0000",
      currency: "986",
      amount: "1026.00",
      countryCode: "BR",
      merchantName: "REDE SABER EDUCACAO LTDA.",
      merchantCity: "RECIFE",
      txid: "LE0000123abc",
      crc: payload.slice(-4),
    });
    expect(payload.slice(-8, -4)).toBe("6304");
    expect(payload.slice(-4)).toMatch(/^[0-9A-F]{4}$/);
    expect(payload).toMatch(/^[\x20-\x7E]+$/);
  });

  it("writes centavos as reais with two decimals", () => {
    const amount = (amountCents: number) => parsePixBrCode(buildPixBrCode({ ...sale, amountCents })).amount;
    expect(amount(1)).toBe("0.01");
    expect(amount(12_345)).toBe("123.45");
    expect(amount(100_000_00)).toBe("100000.00");
  });

  it("uses *** without a txid, and leaves the description out without one", () => {
    const parsed = parsePixBrCode(buildPixBrCode({ ...sale, txid: null, description: null }));
    expect(parsed.txid).toBe("***");
    expect(parsed.description).toBeNull();
  });

  it("drops accents and writes capitals in name and city", () => {
    const parsed = parsePixBrCode(
      buildPixBrCode({ ...sale, merchantName: "Colégio São João", merchantCity: "São Paulo" }),
    );
    expect(parsed.merchantName).toBe("COLEGIO SAO JOAO");
    expect(parsed.merchantCity).toBe("SAO PAULO");
  });

  it.each<[string, Partial<PixBrCodeInput>, RegExp]>([
    ["an empty key", { key: "  " }, /Chave Pix: obrigatória/],
    [
      "a name over 25 characters",
      { merchantName: "Rede Saber Educação Integral Ltda." },
      /Nome do recebedor: no máximo 25/,
    ],
    ["an empty name", { merchantName: "" }, /Nome do recebedor: obrigatório/],
    ["a city over 15 characters", { merchantCity: "Jaboatão dos Guararapes" }, /Cidade do recebedor: no máximo 15/],
    ["a name outside ASCII", { merchantName: "Loja 🏫" }, /Nome do recebedor: use só letras/],
    ["a txid with a space", { txid: "LE 123" }, /txid/],
    ["a txid over 25 characters", { txid: "A".repeat(26) }, /txid/],
    ["a txid with a hyphen", { txid: "LE-123" }, /txid/],
    ["a zero amount", { amountCents: 0 }, /Valor: informe um valor em centavos maior que zero/],
    ["a negative amount", { amountCents: -100 }, /Valor/],
    ["a fraction of a centavo", { amountCents: 10.5 }, /Valor/],
    ["a description too long for field 26", { description: "x".repeat(80) }, /no máximo 99/],
  ])("refuses %s with a clear message", (_, change, message) => {
    expect(() => buildPixBrCode({ ...sale, ...change })).toThrow(PixBrCodeError);
    expect(() => buildPixBrCode({ ...sale, ...change })).toThrow(message);
  });
});

describe("parsePixBrCode", () => {
  it("reads the Banco Central's example", () => {
    expect(parsePixBrCode(BCB_EXAMPLE)).toMatchObject({
      pointOfInitiationMethod: null,
      key: "123e4567-e12b-12d1-a456-426655440000",
      amount: null,
      merchantName: "Fulano de Tal",
      merchantCity: "BRASILIA",
      txid: "***",
      crc: "1D3D",
    });
  });

  it("refuses a code changed after its CRC was computed", () => {
    const payload = buildPixBrCode(sale);
    expect(() => parsePixBrCode(payload.replace("1026.00", "1.00000"))).toThrow(/CRC não confere/);
  });

  it("refuses a code without the CRC at the end, or with a field that runs past the end", () => {
    expect(() => parsePixBrCode(BCB_EXAMPLE.slice(0, -8))).toThrow(/CRC/);
    const broken = "000201269900";
    expect(() => parsePixBrCode(`${broken}6304${crc16(`${broken}6304`)}`)).toThrow(/malformado/);
  });

  it("refuses a code of another arrangement", () => {
    const other = "0002012624001412345678901234520400005303986";
    expect(() => parsePixBrCode(`${other}6304${crc16(`${other}6304`)}`)).toThrow(PixBrCodeError);
  });
});
