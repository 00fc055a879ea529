/**
 * Walks a binary FBX's node records before three's FBXLoader sees it: every record must lie inside the
 * file, every property must be well-formed, and every zlib-compressed array must inflate to exactly its
 * declared size within the expansion budget. three's loader inflates arrays without any bound, so this
 * is what stops a decompression bomb or a forged length from exhausting memory.
 */
import { unzlibSync } from 'fflate';
import { GeometryInputError } from '../errors.ts';

const ELEMENT_BYTES: Record<string, number> = { f: 4, d: 8, l: 8, i: 4, b: 1 };
const SCALAR_BYTES: Record<string, number> = { Y: 2, C: 1, I: 4, F: 4, D: 8, L: 8 };
const MAX_DEPTH = 64;

export interface FbxScan {
  version: number;
  /** Polygon corners over all geometries (PolygonVertexIndex lengths): at least 3 per triangle made. */
  corners: number;
  /** Control points over all geometries (Vertices lengths / 3). */
  vertices: number;
}

export function scanBinaryFbx(bytes: Uint8Array, maxExpanded: number): FbxScan {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 27) throw truncated();
  const version = view.getUint32(23, true);
  if (version < 7000) {
    throw new GeometryInputError(
      'unsupported',
      `This FBX file is version ${version}; Kiln reads FBX 7.0 and later. Export it again as FBX 7.4 or newer.`,
    );
  }
  const wide = version >= 7500;
  const headerSize = wide ? 25 : 13;
  let expanded = 0;
  let corners = 0;
  let coordinates = 0;
  let nodeName = '';

  const readRecordList = (start: number, end: number, depth: number): number => {
    if (depth > MAX_DEPTH) throw malformed('its nodes are nested too deeply');
    let at = start;
    while (at < end) {
      if (at + headerSize > bytes.length) throw truncated();
      const endOffset = wide ? Number(view.getBigUint64(at, true)) : view.getUint32(at, true);
      const propertyCount = wide ? Number(view.getBigUint64(at + 8, true)) : view.getUint32(at + 4, true);
      const propertyBytes = wide ? Number(view.getBigUint64(at + 16, true)) : view.getUint32(at + 8, true);
      const nameLength = bytes[at + headerSize - 1];
      if (endOffset === 0) return at + headerSize; // the null record ends a nested list or the top level
      if (endOffset > end || endOffset <= at)
        throw endOffset > bytes.length ? truncated() : malformed('a node record has an invalid length');
      let p = at + headerSize + nameLength;
      if (p > bytes.length) throw truncated();
      nodeName = String.fromCharCode(...bytes.subarray(at + headerSize, p));
      const propertiesEnd = p + propertyBytes;
      if (propertiesEnd > endOffset) throw malformed('a node record has an invalid property length');
      for (let k = 0; k < propertyCount; k++) p = readProperty(p, propertiesEnd);
      if (p !== propertiesEnd) throw malformed('a property list does not match its declared length');
      if (propertiesEnd < endOffset) readRecordList(propertiesEnd, endOffset, depth + 1);
      at = endOffset;
    }
    return at;
  };

  const readProperty = (p: number, end: number): number => {
    if (p >= end) throw malformed('a node has fewer properties than it declares');
    const type = String.fromCharCode(bytes[p]);
    p += 1;
    const scalar = SCALAR_BYTES[type];
    if (scalar !== undefined) return bounded(p + scalar, end);
    if (type === 'S' || type === 'R') return bounded(p + 4 + view.getUint32(bounded(p + 4, end) - 4, true), end);
    const element = ELEMENT_BYTES[type];
    if (element === undefined) throw malformed(`a property has the unknown type code ${bytes[p - 1]}`);
    bounded(p + 12, end);
    const length = view.getUint32(p, true);
    const encoding = view.getUint32(p + 4, true);
    const stored = view.getUint32(p + 8, true);
    const dataEnd = bounded(p + 12 + stored, end);
    const declared = length * element;
    expanded += declared;
    if (nodeName === 'PolygonVertexIndex') corners += length;
    else if (nodeName === 'Vertices') coordinates += length;
    if (expanded > maxExpanded) {
      throw new GeometryInputError(
        'too-large',
        'The FBX file holds more geometry data than Kiln accepts (or claims to); decimate the model and upload it again.',
      );
    }
    if (encoding === 0) {
      if (stored !== declared) throw malformed('an array is shorter than its declared length');
    } else if (encoding === 1) {
      // Inflate into a buffer one byte larger than declared: filling it means the stream lies.
      let out: Uint8Array;
      try {
        out = unzlibSync(bytes.subarray(p + 12, dataEnd), { out: new Uint8Array(declared + 1) });
      } catch {
        throw malformed('a compressed array is corrupt');
      }
      if (out.length !== declared) throw malformed('a compressed array does not match its declared length');
    } else {
      throw malformed('an array uses an unknown encoding');
    }
    return dataEnd;
  };

  readRecordList(27, bytes.length, 0);
  return { version, corners, vertices: Math.floor(coordinates / 3) };
}

function bounded(offset: number, end: number): number {
  if (offset > end)
    throw new GeometryInputError(
      'truncated',
      'The FBX file is truncated or a record overruns its parent; upload the complete file.',
    );
  return offset;
}

function truncated(): GeometryInputError {
  return new GeometryInputError('truncated', 'The FBX file is truncated; upload the complete file.');
}

function malformed(what: string): GeometryInputError {
  return new GeometryInputError(
    'malformed',
    `The FBX file is corrupt: ${what}. Export it again as binary FBX 7.4 or newer.`,
  );
}
