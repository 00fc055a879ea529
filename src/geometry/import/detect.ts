/**
 * Recognises an uploaded model from its bytes. Users rename files, strip extensions and upload
 * `model.bin`; the bytes decide, the file name only breaks ties where the bytes cannot (a truncated
 * binary STL has no magic number, a `.usd` name says nothing about the encoding).
 *
 * `usd` is never returned: a USD layer is always either text (`usda`) or crate (`usdc`), and the
 * importer accepts all three names. OFF is test data only and is not recognised here.
 */
import type { ModelFormat } from '../formats.ts';

/** How much of a text file is looked at to decide between JSON, OBJ and ASCII STL/FBX. */
const SNIFF_BYTES = 64 * 1024;

const FBX_BINARY_MAGIC = 'Kaydara FBX Binary  \u0000';

export function detectModelFormat(bytes: Uint8Array, filename?: string): ModelFormat | null {
  if (bytes.length === 0) return null;
  const hinted = formatFromName(filename);

  if (startsWithAscii(bytes, 'glTF')) return 'glb';
  if (startsWithAscii(bytes, FBX_BINARY_MAGIC)) return 'fbx';
  if (startsWithAscii(bytes, 'PXR-USDC')) return 'usdc';
  if (startsWithAscii(bytes, 'PK\u0003\u0004')) return zipFormat(bytes) ?? (hinted === 'usdz' ? 'usdz' : null);

  const binaryStl = isBinaryStl(bytes);
  const text = sniffText(bytes);
  if (text !== null) {
    const head = text.replace(/^\uFEFF/, '').trimStart();
    if (head.startsWith('#usda')) return 'usda';
    if (head.startsWith('; FBX') || /^\s*FBXHeaderExtension\s*:/m.test(head)) return 'fbx';
    // Binary STL headers are free text and often begin with "solid": the size check wins.
    if (binaryStl) return 'stl';
    if (/^solid\b/.test(head) && (/\bfacet\b/.test(head) || /\bendsolid\b/.test(head))) return 'stl';
    if (head.startsWith('{') && looksLikeGltfJson(head)) return 'gltf';
    if (looksLikeObj(head)) return 'obj';
    // Ambiguous or truncated text: trust the name only when the text could plausibly be that format.
    if (hinted === 'stl' && head.startsWith('solid')) return 'stl';
    if (hinted === 'gltf' && head.startsWith('{')) return 'gltf';
    if ((hinted === 'usda' || hinted === 'usd') && head.startsWith('#')) return 'usda';
    return null;
  }
  if (binaryStl) return 'stl';
  // A binary file without any magic: only a (truncated or padded) binary STL fits, and only its name can say so.
  if (hinted === 'stl' && bytes.length >= 84) return 'stl';
  return null;
}

/** The format a file name suggests, or null. */
export function formatFromName(filename?: string): ModelFormat | null {
  const match = filename ? /\.([a-z0-9]+)$/i.exec(filename.trim()) : null;
  if (!match) return null;
  const ext = match[1].toLowerCase();
  const known: readonly string[] = ['obj', 'glb', 'gltf', 'stl', 'fbx', 'usd', 'usda', 'usdc', 'usdz'];
  return known.includes(ext) ? (ext as ModelFormat) : null;
}

/** A binary STL is exactly an 80-byte header, a triangle count and 50 bytes per triangle. */
export function isBinaryStl(bytes: Uint8Array): boolean {
  if (bytes.length < 84) return false;
  const count = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(80, true);
  return count > 0 && 84 + count * 50 === bytes.length;
}

function startsWithAscii(bytes: Uint8Array, magic: string): boolean {
  if (bytes.length < magic.length) return false;
  for (let i = 0; i < magic.length; i++) if (bytes[i] !== magic.charCodeAt(i)) return false;
  return true;
}

/**
 * The first bytes as text, or null when they look binary (NUL bytes or many control characters).
 * UTF-8 decoding is lenient: a multi-byte character cut at the window edge does not matter.
 */
function sniffText(bytes: Uint8Array): string | null {
  const window = bytes.subarray(0, Math.min(bytes.length, SNIFF_BYTES));
  let control = 0;
  for (let i = 0; i < window.length; i++) {
    const b = window[i];
    if (b === 0) return null;
    if (b < 9 || (b > 13 && b < 32)) control++;
  }
  if (control > window.length / 100 + 1) return null;
  return new TextDecoder('utf-8', { fatal: false }).decode(window);
}

function looksLikeGltfJson(head: string): boolean {
  return /"asset"\s*:\s*\{/.test(head) || /"(meshes|accessors|bufferViews|buffers|nodes|scenes)"\s*:\s*\[/.test(head);
}

const OBJ_KEYWORDS = new Set([
  'v',
  'vt',
  'vn',
  'vp',
  'f',
  'fo',
  'l',
  'p',
  'o',
  'g',
  's',
  'mg',
  'mtllib',
  'usemtl',
  'usemap',
  'maplib',
  'cstype',
  'deg',
  'bmat',
  'step',
  'curv',
  'curv2',
  'surf',
  'parm',
  'trim',
  'hole',
  'scrv',
  'sp',
  'end',
  'con',
  'lod',
  'shadow_obj',
  'trace_obj',
  'ctech',
  'stech',
  'bevel',
  'c_interp',
  'd_interp',
]);

/**
 * OBJ has no magic: every meaningful line must start with an OBJ keyword, with at least one vertex.
 * The last line of the window may be cut, so it is not judged.
 */
function looksLikeObj(head: string): boolean {
  const lines = head.split(/\r?\n/);
  if (lines.length > 1) lines.pop();
  let vertices = 0;
  let statements = 0;
  for (const raw of lines) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line === '\\') continue;
    const keyword = line.split(/\s+/, 1)[0];
    if (!OBJ_KEYWORDS.has(keyword)) return false;
    statements++;
    if (keyword === 'v') vertices++;
  }
  return statements > 0 && vertices > 0;
}

/**
 * A zip is a usdz when its first entry is a USD layer (the usdz spec requires that). Only the first
 * local header is read here; the importer checks the whole central directory before inflating anything.
 */
function zipFormat(bytes: Uint8Array): ModelFormat | null {
  if (bytes.length < 30) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const nameLength = view.getUint16(26, true);
  if (30 + nameLength > bytes.length) return null;
  const name = new TextDecoder().decode(bytes.subarray(30, 30 + nameLength)).toLowerCase();
  return /\.usd[ac]?$/.test(name) ? 'usdz' : null;
}
