/**
 * The zip container of a USDZ package: every entry STORED (no compression, which USDZ forbids), and
 * every entry's data starting on a 64-byte boundary (USDZ requires it so readers can map files in
 * place). The alignment comes from padding the local header's extra field, as Pixar's packager does.
 * Plain zip 2.0 records (no zip64): a package must stay under 4 GiB and 65535 entries.
 */
import * as zlib from 'node:zlib';

const LOCAL_HEADER = 30;
const CENTRAL_HEADER = 46;
const END_RECORD = 22;
const ALIGNMENT = 64;
/** Extra-field id for the padding block (the value Pixar's usdzip uses). */
const PADDING_ID = 0x1986;
/** 1980-01-01 00:00 in DOS date/time: a fixed stamp keeps the output deterministic. */
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

export interface ZipEntry {
  /** Path inside the package, `/`-separated, ASCII. */
  name: string;
  /** The file's content, whole or as consecutive parts (a large layer is never concatenated twice). */
  bytes: Uint8Array | Uint8Array[];
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

// zlib's crc32 (Node ≥ 20.15) is an order of magnitude faster than the table loop below.
const nativeCrc32 = (zlib as { crc32?: (data: Uint8Array, value?: number) => number }).crc32;

/** CRC-32 of `bytes`, continuing from `previous` (the CRC of what came before). */
export function crc32(bytes: Uint8Array, previous = 0): number {
  if (nativeCrc32) return nativeCrc32(bytes, previous) >>> 0;
  let c = (previous ^ 0xffffffff) >>> 0;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const partsOf = (entry: ZipEntry): Uint8Array[] => (Array.isArray(entry.bytes) ? entry.bytes : [entry.bytes]);
const sizeOf = (entry: ZipEntry): number => partsOf(entry).reduce((sum, part) => sum + part.length, 0);

/** Extra-field length that puts the data of an entry whose header starts at `offset` on the boundary. */
function paddingFor(offset: number, nameLength: number): number {
  const unpadded = offset + LOCAL_HEADER + nameLength;
  let pad = (ALIGNMENT - (unpadded % ALIGNMENT)) % ALIGNMENT;
  // An extra field needs at least its 4-byte id + size header.
  if (pad > 0 && pad < 4) pad += ALIGNMENT;
  return pad;
}

export function storedZip(entries: ZipEntry[]): Uint8Array {
  if (entries.length > 0xffff) throw new Error('A USDZ package holds at most 65535 files.');
  const encoder = new TextEncoder();
  const names = entries.map((entry) => encoder.encode(entry.name));
  const crcs = entries.map((entry) => partsOf(entry).reduce((crc, part) => crc32(part, crc), 0));
  const sizes = entries.map(sizeOf);
  const offsets: number[] = [];
  const pads: number[] = [];
  let offset = 0;
  entries.forEach((_entry, i) => {
    offsets.push(offset);
    const pad = paddingFor(offset, names[i].length);
    pads.push(pad);
    offset += LOCAL_HEADER + names[i].length + pad + sizes[i];
  });
  const centralStart = offset;
  let centralSize = 0;
  for (const name of names) centralSize += CENTRAL_HEADER + name.length;
  const total = centralStart + centralSize + END_RECORD;
  if (total > 0xffffffff) throw new Error('A USDZ package must stay under 4 GiB.');

  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  const header = (at: number, signature: number) => view.setUint32(at, signature, true);
  entries.forEach((entry, i) => {
    let at = offsets[i];
    header(at, 0x04034b50);
    view.setUint16(at + 4, 20, true); // version needed
    view.setUint16(at + 6, 0, true); // flags
    view.setUint16(at + 8, 0, true); // method: stored
    view.setUint16(at + 10, DOS_TIME, true);
    view.setUint16(at + 12, DOS_DATE, true);
    view.setUint32(at + 14, crcs[i], true);
    view.setUint32(at + 18, sizes[i], true);
    view.setUint32(at + 22, sizes[i], true);
    view.setUint16(at + 26, names[i].length, true);
    view.setUint16(at + 28, pads[i], true);
    at += LOCAL_HEADER;
    out.set(names[i], at);
    at += names[i].length;
    if (pads[i] > 0) {
      view.setUint16(at, PADDING_ID, true);
      view.setUint16(at + 2, pads[i] - 4, true);
    }
    at += pads[i];
    for (const part of partsOf(entry)) {
      out.set(part, at);
      at += part.length;
    }
  });
  let at = centralStart;
  entries.forEach((_entry, i) => {
    header(at, 0x02014b50);
    view.setUint16(at + 4, 20, true); // version made by
    view.setUint16(at + 6, 20, true); // version needed
    view.setUint16(at + 8, 0, true);
    view.setUint16(at + 10, 0, true);
    view.setUint16(at + 12, DOS_TIME, true);
    view.setUint16(at + 14, DOS_DATE, true);
    view.setUint32(at + 16, crcs[i], true);
    view.setUint32(at + 20, sizes[i], true);
    view.setUint32(at + 24, sizes[i], true);
    view.setUint16(at + 28, names[i].length, true);
    // Extra, comment, disk, internal and external attributes stay zero.
    view.setUint32(at + 42, offsets[i], true);
    out.set(names[i], at + CENTRAL_HEADER);
    at += CENTRAL_HEADER + names[i].length;
  });
  header(at, 0x06054b50);
  view.setUint16(at + 8, entries.length, true);
  view.setUint16(at + 10, entries.length, true);
  view.setUint32(at + 12, centralSize, true);
  view.setUint32(at + 16, centralStart, true);
  return out;
}
