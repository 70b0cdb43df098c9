import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { buildPixBrCode } from "./br-code.ts";
import { PIX_QR_OPTIONS, pixQrDataUrl, pixQrSvg } from "./qr-svg.ts";

const payload = buildPixBrCode({
  key: "12345678000195",
  merchantName: "Rede Saber Educação Ltda.",
  merchantCity: "Recife",
  amountCents: 102_600,
  txid: "LE0000123abc",
});

/**
 * The dark modules the SVG draws: qrcode writes each row's runs as "M{x} {y}.5h{n}" and
 * "m{dx} 0h{n}", so the picture can be read back without a raster decoder.
 */
function modulesDrawn(svg: string): { size: number; dark: Set<string> } {
  const [, width] = /viewBox="0 0 (\d+) \d+"/.exec(svg) ?? [];
  const [, path] = /<path stroke="#000000" d="([^"]+)"/.exec(svg) ?? [];
  const dark = new Set<string>();
  let x = 0;
  let y = 0;
  for (const [, move, dx, dy, run] of path!.matchAll(/([Mm])(\d+) (\d+(?:\.5)?)h(\d+)/g)) {
    if (move === "M") {
      x = Number(dx);
      y = Math.floor(Number(dy));
    } else x += Number(dx);
    for (let i = 0; i < Number(run); i++) dark.add(`${x + i},${y}`);
    x += Number(run);
  }
  return { size: Number(width), dark };
}

describe("pixQrSvg", () => {
  it("draws exactly the modules of the BR Code's QR, with its quiet zone", async () => {
    const svg = await pixQrSvg(payload);
    const qr = QRCode.create(payload, { errorCorrectionLevel: PIX_QR_OPTIONS.errorCorrectionLevel });
    // What the QR carries: its segments' data (text, or bytes in byte mode) is the payload.
    const carried = qr.segments
      .map(({ data }) => (typeof data === "string" ? data : Buffer.from(data as Uint8Array).toString("latin1")))
      .join("");
    expect(carried).toBe(payload);

    const margin = PIX_QR_OPTIONS.margin;
    const size = qr.modules.size;
    const expected = new Set<string>();
    for (let row = 0; row < size; row++)
      for (let col = 0; col < size; col++)
        if (qr.modules.get(row, col)) expected.add(`${col + margin},${row + margin}`);
    const drawn = modulesDrawn(svg);
    expect(drawn.size).toBe(size + 2 * margin);
    expect(drawn.dark).toEqual(expected);
  });

  it("is plain SVG: no script, handler or outside reference to inline or put in an <img>", async () => {
    const svg = await pixQrSvg(payload);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).not.toMatch(/<script|\bon\w+=|href|<foreignObject/i);
    expect(svg.match(/<(\w+)/g)).toEqual(["<svg", "<path", "<path"]);
  });

  it("as a data: URL, decodes to the same SVG", async () => {
    const url = await pixQrDataUrl(payload);
    expect(url.startsWith("data:image/svg+xml;base64,")).toBe(true);
    expect(Buffer.from(url.split(",")[1]!, "base64").toString()).toBe(await pixQrSvg(payload));
  });
});
