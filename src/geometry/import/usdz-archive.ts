/**
 * Reads a usdz package without inflating anything. The usdz spec requires every entry to be stored
 * uncompressed, so entries are plain slices of the upload: the central directory is checked first
 * (stored, unencrypted, sizes consistent, inside the file, within the limits) and a compressed entry is
 * refused before a single byte of it is expanded, which is what makes a zip bomb harmless here.
 */
import { GeometryInputError } from '../errors.ts';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_ENTRIES = 10_000;

export interface ArchiveEntry {
  name: string;
  bytes: Uint8Array;
}

export function readUsdzEntries(bytes: Uint8Array): ArchiveEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = findEndOfCentralDirectory(view);
  const count = view.getUint16(eocd + 10, true);
  const directorySize = view.getUint32(eocd + 12, true);
  const directoryOffset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || directoryOffset === 0xffffffff) {
    throw new GeometryInputError(
      'unsupported',
      'The usdz package uses ZIP64, which a usdz may not; package it again with usdzip or your 3D tool.',
    );
  }
  if (count > MAX_ENTRIES)
    throw new GeometryInputError(
      'absurd-count',
      `The usdz package lists ${count} files; package it again with only the model and its textures.`,
    );
  if (directoryOffset + directorySize > eocd) throw truncated();
  const entries: ArchiveEntry[] = [];
  let at = directoryOffset;
  const decoder = new TextDecoder();
  for (let i = 0; i < count; i++) {
    if (at + 46 > eocd || view.getUint32(at, true) !== CENTRAL) throw truncated();
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const compressed = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localOffset = view.getUint32(at + 42, true);
    if (at + 46 + nameLength > eocd) throw truncated();
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (flags & 1)
      throw new GeometryInputError(
        'unsupported',
        `The usdz package entry "${name}" is encrypted; package it again without encryption.`,
      );
    if (method !== 0 || compressed !== size) {
      throw new GeometryInputError(
        'compressed-entry',
        `The usdz package entry "${name}" is compressed; a usdz must store every file uncompressed. Package it again with usdzip or your 3D tool's USDZ export.`,
        { entry: name },
      );
    }
    if (localOffset + 30 > bytes.length || view.getUint32(localOffset, true) !== LOCAL) throw truncated();
    const dataStart =
      localOffset + 30 + view.getUint16(localOffset + 26, true) + view.getUint16(localOffset + 28, true);
    if (dataStart + size > directoryOffset) {
      throw new GeometryInputError(
        'too-large',
        `The usdz package entry "${name}" claims ${size} bytes, more than the package holds; the file is truncated or corrupt.`,
        { entry: name },
      );
    }
    if (!name.endsWith('/')) entries.push({ name, bytes: bytes.subarray(dataStart, dataStart + size) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  if (entries.length === 0)
    throw new GeometryInputError('empty', 'The usdz package is empty; it must contain a USD layer.');
  if (!/\.usd[ac]?$/i.test(entries[0].name)) {
    throw new GeometryInputError(
      'malformed',
      `The first file in the usdz package is "${entries[0].name}", but a usdz must start with its USD layer; package it again with usdzip.`,
    );
  }
  return entries;
}

function findEndOfCentralDirectory(view: DataView): number {
  const last = view.byteLength - 22;
  const first = Math.max(0, last - 0xffff);
  for (let at = last; at >= first; at--) if (view.getUint32(at, true) === EOCD) return at;
  throw truncated();
}

function truncated(): GeometryInputError {
  return new GeometryInputError(
    'truncated',
    'The usdz package is truncated or its ZIP directory is corrupt; upload the complete file.',
  );
}
