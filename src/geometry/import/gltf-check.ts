/**
 * Structural checks on glTF JSON before any buffer is decoded: the file must be self-contained
 * (buffers and images inside the GLB or as data: URIs), and every accessor must fit in its buffer view
 * and stay within the count limits, so a forged count cannot make the reader allocate or read wildly.
 */
import { GeometryInputError } from '../errors.ts';
import type { ImportLimits } from './limits.ts';

const COMPONENT_BYTES: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };
const TYPE_SIZE: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT2: 4, MAT3: 9, MAT4: 16 };

interface GlbParts {
  json: any;
  binLength: number;
}

/** Splits a GLB into its JSON and the length of its BIN chunk, refusing truncated or inconsistent headers. */
export function readGlbHeader(bytes: Uint8Array): GlbParts {
  if (bytes.length < 20) throw truncated();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(4, true);
  if (version !== 2) {
    throw new GeometryInputError(
      'unsupported',
      `This is a glTF ${version} binary; only glTF 2.0 is supported. Export it again as glTF 2.0 (glb).`,
    );
  }
  const declared = view.getUint32(8, true);
  if (declared > bytes.length) throw truncated();
  const jsonLength = view.getUint32(12, true);
  if (view.getUint32(16, true) !== 0x4e4f534a) throw malformed('its first chunk is not JSON');
  if (20 + jsonLength > declared) throw truncated();
  const json = parseJson(new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength)), 'glb');
  let binLength = 0;
  const binStart = 20 + jsonLength + ((4 - (jsonLength % 4)) % 4);
  if (binStart + 8 <= declared) {
    binLength = view.getUint32(binStart, true);
    if (binStart + 8 + binLength > declared) throw truncated();
  }
  return { json, binLength };
}

export function parseJson(text: string, label: string): any {
  try {
    const json = JSON.parse(text);
    if (!json || typeof json !== 'object' || !json.asset) throw new Error('no asset');
    return json;
  } catch {
    throw new GeometryInputError(
      'malformed',
      `The ${label} file is not valid glTF JSON (it may be truncated); export it again as glTF 2.0.`,
    );
  }
}

/** Refuses external references, inconsistent buffer views and absurd accessor counts. */
export function checkGltfJson(json: any, binLength: number, limits: ImportLimits, label: string): void {
  const buffers: any[] = array(json.buffers);
  buffers.forEach((buffer, i) => {
    if (typeof buffer?.uri === 'string' && !buffer.uri.startsWith('data:')) throw external(buffer.uri, label);
    if (buffer?.uri === undefined && i === 0 && label === 'glb' && !(buffer.byteLength <= binLength))
      throw truncatedIn(label);
  });
  for (const image of array(json.images)) {
    if (typeof image?.uri === 'string' && !image.uri.startsWith('data:')) throw external(image.uri, label);
  }
  const bufferLength = (i: number): number => {
    const buffer = buffers[i];
    if (!buffer) throw malformed('a buffer view points to a missing buffer', label);
    if (typeof buffer.uri === 'string') return approxDataUriBytes(buffer.uri, buffer.byteLength);
    return Number(buffer.byteLength);
  };
  const views: any[] = array(json.bufferViews);
  for (const view of views) {
    const end = Number(view?.byteOffset ?? 0) + Number(view?.byteLength);
    if (!Number.isFinite(end) || end > bufferLength(view.buffer)) throw truncatedIn(label);
  }
  const maxCount = Math.max(limits.maxVertices, limits.maxTriangles * 3);
  for (const accessor of array(json.accessors)) {
    const count = Number(accessor?.count);
    const elem = (COMPONENT_BYTES[accessor?.componentType] ?? 0) * (TYPE_SIZE[accessor?.type] ?? 0);
    if (!Number.isInteger(count) || count < 0 || elem === 0)
      throw malformed('an accessor has an invalid type or count', label);
    if (count > maxCount) {
      throw new GeometryInputError(
        'too-large',
        `The ${label} file declares ${count} vertices or indices in one accessor; the limit is ${maxCount}. Decimate the model and upload it again.`,
      );
    }
    if (accessor.bufferView === undefined) continue;
    const view = views[accessor.bufferView];
    if (!view) throw malformed('an accessor points to a missing buffer view', label);
    const stride = Number(view.byteStride ?? elem);
    const needed = count === 0 ? 0 : Number(accessor.byteOffset ?? 0) + (count - 1) * stride + elem;
    if (!(needed <= Number(view.byteLength))) {
      throw new GeometryInputError(
        'absurd-count',
        `The ${label} file declares more data in an accessor (${count} elements) than its buffer holds; the file is corrupt. Export it again.`,
      );
    }
  }
}

function approxDataUriBytes(uri: string, declared: unknown): number {
  const comma = uri.indexOf(',');
  const payload = uri.length - comma - 1;
  const bytes = uri.slice(0, comma).endsWith(';base64') ? Math.floor((payload * 3) / 4) : payload;
  return Math.min(bytes, Number(declared ?? bytes));
}

function array(value: unknown): any[] {
  return Array.isArray(value) ? value : [];
}

function truncated(): GeometryInputError {
  return truncatedIn('glb');
}

function truncatedIn(label: string): GeometryInputError {
  return new GeometryInputError(
    'truncated',
    `The ${label} file is truncated or its buffers are shorter than declared; upload the complete file.`,
  );
}

function malformed(what: string, label = 'glb'): GeometryInputError {
  return new GeometryInputError('malformed', `The ${label} file is not valid glTF 2.0: ${what}. Export it again.`);
}

function external(uri: string, label: string): GeometryInputError {
  const shown = uri.length > 60 ? `${uri.slice(0, 57)}...` : uri;
  return new GeometryInputError(
    'external-reference',
    `The ${label} file refers to the external file "${shown}", which is not part of the upload. Upload a .glb, or a .gltf with embedded (data: URI) buffers and images.`,
    { uri: shown },
  );
}
