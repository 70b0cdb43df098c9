import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * A page kept as static segments around slots (the visitor's CSRF token, the response's CSP
 * nonce), with each static segment compressed once, so a response is gzip-encoded by
 * concatenation (docs/decisions/0036-page-cache.md):
 *
 * - each static segment is a raw deflate run ending in a sync flush (byte-aligned, not final);
 * - it is compressed with the page so far as its dictionary, the slots filled with zero bytes,
 *   so it keeps the compression of the whole page; a page never contains a zero byte
 *   (compileTemplate refuses one), so no match can start or end inside a slot, whatever the
 *   slot holds in a response: the back-references stay right for every visitor;
 * - a slot's bytes go in as a stored block, then a final empty stored block, then the gzip
 *   trailer with the CRC-32 and length of the whole body.
 */
export interface GzipTemplate {
  /** The page's bytes between slots (statics.length === slotLengths.length + 1). */
  statics: Buffer[];
  /** The byte length every value of each slot has (a token, a nonce). */
  slotLengths: number[];
  /** statics[i], compressed as described above. */
  deflated: Buffer[];
  /** Bytes held, for the cache's budget. */
  bytes: number;
}

const WINDOW = 32 * 1024;
// ID1 ID2, deflate, no flags, no time, no extra flags, OS unknown (RFC 1952).
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
// An empty stored block with BFINAL set: ends the deflate stream.
const FINAL_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);

/** The template of a page, or null when the page has a zero byte (it is then not cached). */
export function compileTemplate(statics: Buffer[], slotLengths: number[]): GzipTemplate | null {
  if (statics.length !== slotLengths.length + 1) throw new Error("one static segment more than slots");
  if (statics.some((segment) => segment.includes(0))) return null;
  const deflated: Buffer[] = [];
  let window = Buffer.alloc(0);
  statics.forEach((segment, index) => {
    deflated.push(
      deflateRawSync(segment, {
        finishFlush: constants.Z_SYNC_FLUSH,
        ...(window.length > 0 ? { dictionary: window } : {}),
      }),
    );
    const slot = Buffer.alloc(slotLengths[index] ?? 0);
    window = Buffer.concat([window, segment, slot]);
    if (window.length > WINDOW) window = window.subarray(window.length - WINDOW);
  });
  const bytes = [...statics, ...deflated].reduce((sum, part) => sum + part.length, 0);
  return { statics, slotLengths, deflated, bytes };
}

function valuesFit(template: GzipTemplate, values: readonly Buffer[]): boolean {
  return values.length === template.slotLengths.length && values.every((v, i) => v.length === template.slotLengths[i]);
}

/** The page with the slots filled, uncompressed. */
export function plainBody(template: GzipTemplate, values: readonly Buffer[]): Buffer {
  if (!valuesFit(template, values)) throw new Error("slot values of the wrong length");
  const parts: Buffer[] = [];
  template.statics.forEach((segment, index) => {
    parts.push(segment);
    const value = values[index];
    if (value) parts.push(value);
  });
  return Buffer.concat(parts);
}

/** The page with the slots filled, as a gzip member. */
export function gzipBody(template: GzipTemplate, values: readonly Buffer[]): Buffer {
  if (!valuesFit(template, values)) throw new Error("slot values of the wrong length");
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  template.statics.forEach((segment, index) => {
    parts.push(template.deflated[index] as Buffer);
    crc = crc32(segment, crc);
    length += segment.length;
    const value = values[index];
    if (!value) return;
    // A stored block (BFINAL 0, BTYPE 00, byte-aligned after the sync flush): LEN and its complement.
    const header = Buffer.from([
      0,
      value.length & 0xff,
      value.length >> 8,
      ~value.length & 0xff,
      (~value.length >> 8) & 0xff,
    ]);
    parts.push(header, value);
    crc = crc32(value, crc);
    length += value.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  parts.push(FINAL_BLOCK, trailer);
  return Buffer.concat(parts);
}
