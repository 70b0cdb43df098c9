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
 *   trailer with the CRC-32 and length of the whole body;
 * - that CRC-32 is the page's with zero-filled slots, computed once, corrected for each value
 *   by CRC arithmetic (a CRC is affine in the bytes, and moving bytes n places earlier multiplies
 *   their part by x^8n, as zlib's crc32_combine does): a response hashes its two values only,
 *   not the whole page again (crc32 over the body was about a tenth of a hit's CPU).
 *
 * Every slot of one kind (the CSRF token, the nonce) holds the same value in a response.
 *
 * A kind may also be of variable length (kindLengths[k] === null; issue 32, decision 0084: a
 * logged-in shopper's name, cart count and data, whose length differs per shopper). Then:
 * - a static segment after such a slot is compressed with only the bytes since the last variable
 *   slot as its dictionary (their distances are the same in every response), so no
 *   back-reference crosses a slot whose length varies;
 * - its values go in as stored blocks of at most 65,535 bytes, their headers made per response;
 * - the CRC-32 is folded per response over the parts (crc32_combine: each part's CRC, and the
 *   part so far moved by x^8n, n its length), one small product per part, not a hash of the page.
 */
export interface GzipTemplate {
  /** The page's bytes between slots (statics.length === slotKinds.length + 1). */
  statics: Buffer[];
  /** Which value fills each slot (an index into the values of a response). */
  slotKinds: number[];
  /** The byte length every value of each kind has (a token, a nonce); null: any length (decision 0084). */
  kindLengths: (number | null)[];
  /** statics[i], compressed as described above. */
  deflated: Buffer[];
  /** The stored-block header before slot i's value. */
  slotHeaders: Buffer[];
  /** The CRC-32 of the page with every slot zero-filled. */
  zeroFilledCrc: number;
  /** Per kind: the CRC-32 of a zero value, and the sum of x^8n over its slots (n: the bytes after each). */
  kindZeroCrcs: number[];
  kindShiftSums: number[];
  /** The uncompressed length of the page (with variable-length slots: without them). */
  length: number;
  /** Whether a kind has variable length: the CRC is then folded per response (staticCrcs, staticShifts). */
  variable: boolean;
  /** Per static segment: its CRC-32 and x^8n for its length n (used when `variable`). */
  staticCrcs: number[];
  staticShifts: number[];
  /** Bytes held, for the cache's budget. */
  bytes: number;
}

const WINDOW = 32 * 1024;
// ID1 ID2, deflate, no flags, no time, no extra flags, OS unknown (RFC 1952).
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
// An empty stored block with BFINAL set: ends the deflate stream.
const FINAL_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);

// CRC-32 arithmetic modulo its polynomial, as zlib's crc32_combine does it (crc32.c).
const CRC_POLYNOMIAL = 0xedb88320;

/** a·b modulo the CRC polynomial, bit-reflected (a must not be 0). */
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000;
  let product = 0;
  for (;;) {
    if (a & m) {
      product ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ CRC_POLYNOMIAL : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0…31. */
const X_TO_2_TO_K: number[] = [];
for (let k = 0, power = 0x40000000; k < 32; k++, power = multiplyModP(power, power)) X_TO_2_TO_K.push(power);

/** x^(8·bytes) modulo the polynomial: what moves a CRC part `bytes` bytes earlier in the message. */
function crcShift(bytes: number): number {
  let shift = 0x80000000;
  for (let n = bytes, k = 3; n > 0; n = Math.floor(n / 2), k++)
    if (n % 2 === 1) shift = multiplyModP(X_TO_2_TO_K[k % 32] as number, shift);
  return shift;
}

/** A stored block's header (BFINAL 0, BTYPE 00, byte-aligned after the sync flush): LEN and its complement. */
function storedBlockHeader(length: number): Buffer {
  return Buffer.from([0, length & 0xff, length >> 8, ~length & 0xff, (~length >> 8) & 0xff]);
}

/** The template of a page, or null when the page has a zero byte (it is then not cached). */
export function compileTemplate(
  statics: Buffer[],
  slotKinds: number[],
  kindLengths: (number | null)[],
): GzipTemplate | null {
  if (statics.length !== slotKinds.length + 1) throw new Error("one static segment more than slots");
  if (statics.some((segment) => segment.includes(0))) return null;
  const variable = kindLengths.some((kindLength) => kindLength === null);
  if (variable) return compileVariableTemplate(statics, slotKinds, kindLengths);
  const slotLength = (index: number) => kindLengths[slotKinds[index] as number] as number;
  const deflated: Buffer[] = [];
  let window = Buffer.alloc(0);
  let zeroFilledCrc = 0;
  statics.forEach((segment, index) => {
    deflated.push(
      deflateRawSync(segment, {
        finishFlush: constants.Z_SYNC_FLUSH,
        ...(window.length > 0 ? { dictionary: window } : {}),
      }),
    );
    const slot = Buffer.alloc(index < slotKinds.length ? slotLength(index) : 0);
    zeroFilledCrc = crc32(slot, crc32(segment, zeroFilledCrc));
    window = Buffer.concat([window, segment, slot]);
    if (window.length > WINDOW) window = window.subarray(window.length - WINDOW);
  });
  const kindShiftSums = kindLengths.map(() => 0);
  let after = 0;
  for (let index = slotKinds.length - 1; index >= 0; index--) {
    after += (statics[index + 1] as Buffer).length;
    const kind = slotKinds[index] as number;
    kindShiftSums[kind] = ((kindShiftSums[kind] as number) ^ crcShift(after)) >>> 0;
    after += slotLength(index);
  }
  const length =
    statics.reduce((sum, segment) => sum + segment.length, 0) + slotKinds.reduce((sum, _, i) => sum + slotLength(i), 0);
  const bytes = [...statics, ...deflated].reduce((sum, part) => sum + part.length, 0);
  return {
    statics,
    slotKinds,
    kindLengths,
    deflated,
    slotHeaders: slotKinds.map((_, index) => storedBlockHeader(slotLength(index))),
    zeroFilledCrc,
    kindZeroCrcs: kindLengths.map((kindLength) => crc32(Buffer.alloc(kindLength as number))),
    kindShiftSums,
    length,
    bytes,
    variable: false,
    staticCrcs: [],
    staticShifts: [],
  };
}

/** compileTemplate with a kind of variable length: the window restarts after each such slot. */
function compileVariableTemplate(statics: Buffer[], slotKinds: number[], kindLengths: (number | null)[]): GzipTemplate {
  const deflated: Buffer[] = [];
  let window = Buffer.alloc(0);
  statics.forEach((segment, index) => {
    deflated.push(
      deflateRawSync(segment, {
        finishFlush: constants.Z_SYNC_FLUSH,
        ...(window.length > 0 ? { dictionary: window } : {}),
      }),
    );
    const slotLength = index < slotKinds.length ? kindLengths[slotKinds[index] as number] : 0;
    // After a slot whose length varies, earlier bytes are at no fixed distance: start again.
    window = slotLength === null ? Buffer.alloc(0) : Buffer.concat([window, segment, Buffer.alloc(slotLength ?? 0)]);
    if (window.length > WINDOW) window = window.subarray(window.length - WINDOW);
  });
  return {
    statics,
    slotKinds,
    kindLengths,
    deflated,
    slotHeaders: [],
    zeroFilledCrc: 0,
    kindZeroCrcs: [],
    kindShiftSums: [],
    length: statics.reduce((sum, segment) => sum + segment.length, 0),
    bytes: [...statics, ...deflated].reduce((sum, part) => sum + part.length, 0),
    variable: true,
    staticCrcs: statics.map((segment) => crc32(segment)),
    staticShifts: statics.map((segment) => crcShift(segment.length)),
  };
}

function checkValues(template: GzipTemplate, values: readonly Buffer[]): void {
  if (
    values.length !== template.kindLengths.length ||
    values.some((v, i) => template.kindLengths[i] !== null && v.length !== template.kindLengths[i])
  )
    throw new Error("slot values of the wrong length");
}

/** The uncompressed length of the page with these values. */
function filledLength(template: GzipTemplate, values: readonly Buffer[]): number {
  if (!template.variable) return template.length;
  return template.slotKinds.reduce((sum, kind) => sum + (values[kind] as Buffer).length, template.length);
}

/** The largest stored block deflate allows. */
const STORED_MAX = 0xffff;

/** A value as stored blocks (one per 65,535 bytes), for a slot of variable length. */
function pushStored(parts: Buffer[], value: Buffer): void {
  for (let from = 0; from < value.length; from += STORED_MAX) {
    const piece = value.subarray(from, from + STORED_MAX);
    parts.push(storedBlockHeader(piece.length), piece);
  }
}

/** The CRC-32 of the filled page, folded part by part (crc32_combine): for templates with variable slots. */
function foldedCrc(template: GzipTemplate, values: readonly Buffer[]): number {
  const valueCrcs = values.map((value) => crc32(value));
  const valueShifts = values.map((value) => crcShift(value.length));
  let crc = 0;
  const add = (partCrc: number, shift: number) => {
    crc = (multiplyModP(shift, crc) ^ partCrc) >>> 0;
  };
  template.staticCrcs.forEach((staticCrc, index) => {
    add(staticCrc, template.staticShifts[index] as number);
    if (index < template.slotKinds.length) {
      const kind = template.slotKinds[index] as number;
      add(valueCrcs[kind] as number, valueShifts[kind] as number);
    }
  });
  return crc;
}

/** The page with the slots filled (values: one per kind), uncompressed. */
export function plainBody(template: GzipTemplate, values: readonly Buffer[]): Buffer {
  checkValues(template, values);
  const parts: Buffer[] = [];
  template.statics.forEach((segment, index) => {
    parts.push(segment);
    if (index < template.slotKinds.length) parts.push(values[template.slotKinds[index] as number] as Buffer);
  });
  return Buffer.concat(parts, filledLength(template, values));
}

/** The page with the slots filled (values: one per kind), as a gzip member. */
export function gzipBody(template: GzipTemplate, values: readonly Buffer[]): Buffer {
  checkValues(template, values);
  const parts: Buffer[] = [GZIP_HEADER];
  if (template.variable) {
    template.deflated.forEach((segment, index) => {
      parts.push(segment);
      if (index < template.slotKinds.length) pushStored(parts, values[template.slotKinds[index] as number] as Buffer);
    });
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(foldedCrc(template, values), 0);
    trailer.writeUInt32LE(filledLength(template, values) >>> 0, 4);
    parts.push(FINAL_BLOCK, trailer);
    return Buffer.concat(parts);
  }
  template.deflated.forEach((segment, index) => {
    parts.push(segment);
    if (index < template.slotKinds.length)
      parts.push(template.slotHeaders[index] as Buffer, values[template.slotKinds[index] as number] as Buffer);
  });
  // Each value's bytes differ from the zero filling by crc32(value) ^ crc32(zeros), at every slot of its kind.
  let crc = template.zeroFilledCrc;
  values.forEach((value, kind) => {
    const shifts = template.kindShiftSums[kind] as number;
    if (shifts !== 0) crc ^= multiplyModP(shifts, (crc32(value) ^ (template.kindZeroCrcs[kind] as number)) >>> 0);
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(template.length >>> 0, 4);
  parts.push(FINAL_BLOCK, trailer);
  return Buffer.concat(parts);
}
