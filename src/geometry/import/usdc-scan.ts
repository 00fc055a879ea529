/**
 * Checks a USD crate (usdc) before three's USDCParser reads it. That parser trusts the file's counts:
 * a forged token, path or field count drives its loops and allocations (`new Array(numPaths)`,
 * `decompressLZ4(…, uncompressedSize)`) far past the file's real content. Here the header, the table
 * of contents and every section's leading counts are bounded by the bytes that back them.
 */
import { GeometryInputError } from '../errors.ts';

/** Most entries a table section may declare (tokens, strings, fields, field sets, paths, specs). */
const MAX_TABLE_ENTRIES = 4_000_000;
/** LZ4 cannot expand by more than about 255× (plus framing); USD's integer coding adds ~4 ints per byte. */
const MAX_LZ4_RATIO = 256;
const MAX_INTS_PER_COMPRESSED_BYTE = MAX_LZ4_RATIO * 4;

export function scanUsdc(bytes: Uint8Array): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 88) throw truncated();
  const major = bytes[8];
  const minor = bytes[9];
  if (major !== 0) throw unsupported(`${major}.${minor}`);
  const u64 = (at: number): number => {
    if (at + 8 > bytes.length) throw truncated();
    const value = view.getBigUint64(at, true);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw malformed('a size or offset is out of range');
    return Number(value);
  };
  const tocOffset = u64(16);
  const sectionCount = u64(tocOffset);
  if (sectionCount > 64) throw malformed('its table of contents lists too many sections');
  const sections = new Map<string, { start: number; size: number }>();
  for (let i = 0; i < sectionCount; i++) {
    const at = tocOffset + 8 + i * 32;
    if (at + 32 > bytes.length) throw truncated();
    const name = new TextDecoder().decode(bytes.subarray(at, at + 16)).replace(/\0.*$/s, '');
    const start = u64(at + 16);
    const size = u64(at + 24);
    if (start + size > bytes.length) throw truncated();
    sections.set(name, { start, size });
  }
  const compressed = minor >= 4;
  for (const name of ['TOKENS', 'STRINGS', 'FIELDS', 'FIELDSETS', 'PATHS', 'SPECS']) {
    const section = sections.get(name);
    if (!section) continue;
    const end = section.start + section.size;
    const count = (): number => {
      const n = u64(section.start);
      if (n > MAX_TABLE_ENTRIES) throw malformed(`its ${name} table declares ${n} entries`);
      return n;
    };
    if (name === 'STRINGS') {
      if (8 + count() * 4 > section.size) throw malformed('its string table is longer than its section');
    } else if (name === 'TOKENS') {
      const n = count();
      if (compressed) {
        const uncompressed = u64(section.start + 8);
        const stored = u64(section.start + 16);
        if (section.start + 24 + stored > end) throw truncated();
        if (uncompressed > stored * MAX_LZ4_RATIO + 1024 || n > uncompressed + 1)
          throw malformed('its token table claims more data than it holds');
      } else {
        const stored = u64(section.start + 8);
        if (section.start + 16 + stored > end || n > stored + 1)
          throw malformed('its token table claims more data than it holds');
      }
    } else if (compressed || name === 'PATHS') {
      // Compressed tables hold run-length and delta coded integers; even so each entry needs a
      // fraction of a stored byte. Uncompressed PATHS also starts with its count.
      if (count() > Math.max(1024, section.size * MAX_INTS_PER_COMPRESSED_BYTE))
        throw malformed(`its ${name} table claims more entries than it could hold`);
    }
  }
}

function truncated(): GeometryInputError {
  return new GeometryInputError(
    'truncated',
    'The usdc file is truncated or its table of contents points past its end; upload the complete file.',
  );
}

function malformed(what: string): GeometryInputError {
  return new GeometryInputError('malformed', `The usdc file is corrupt: ${what}. Export it again.`);
}

function unsupported(version: string): GeometryInputError {
  return new GeometryInputError(
    'unsupported',
    `The usdc file uses crate version ${version}, which Kiln does not read; export it as usda or usdz instead.`,
  );
}
