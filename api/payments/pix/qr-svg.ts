import QRCode from "qrcode";

/**
 * The QR of a BR Code as an SVG drawn on the server, so /conclusao shows it without
 * JavaScript. Error correction M, as bank apps read from screens; a 4-module quiet zone.
 */
export const PIX_QR_OPTIONS = { type: "svg", errorCorrectionLevel: "M", margin: 4 } as const;

/** The SVG markup: qrcode draws only <svg> and <path>, no script or link, from a payload it encodes. */
export function pixQrSvg(payload: string): Promise<string> {
  return QRCode.toString(payload, PIX_QR_OPTIONS);
}

/**
 * The same SVG as a data: URL for an <img>: the store's CSP allows `img-src 'self' data:`
 * (server/security.ts), and an <img> cannot run anything inside the picture.
 */
export async function pixQrDataUrl(payload: string): Promise<string> {
  return `data:image/svg+xml;base64,${Buffer.from(await pixQrSvg(payload)).toString("base64")}`;
}
