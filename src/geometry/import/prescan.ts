/**
 * Cheap structural checks of an uploaded model, for the submission path: what every reader would
 * refuse from the file's declared counts, sizes and nesting is refused here, before the task is
 * charged, without decoding geometry (no inflating, no triangulating). The full import still runs in
 * the worker and repeats these checks.
 */
import { GeometryInputError } from '../errors.ts';
import { detectModelFormat, isBinaryStl } from './detect.ts';
import { checkGltfJson, parseJson, readGlbHeader } from './gltf-check.ts';
import { resolveLimits, type ImportLimits } from './limits.ts';
import { countObjTriangles } from './obj.ts';
import { countAsciiFacets } from './stl.ts';
import { checkCounts } from './validate.ts';
import { scanUsdaText } from './usd-guard.ts';
import { scanUsdc } from './usdc-scan.ts';
import { readUsdzEntries } from './usdz-archive.ts';

/** Deepest `{}` nesting of an ASCII FBX (real files stay below 20). */
export const MAX_FBX_TEXT_NESTING = 64;

export interface PrescanOptions {
  filename?: string;
  limits?: Partial<ImportLimits>;
}

export function prescanModel(bytes: Uint8Array, options: PrescanOptions = {}): void {
  const limits = resolveLimits(options.limits);
  if (bytes.length === 0) throw new GeometryInputError('empty', 'The model file is empty; upload the complete file.');
  if (bytes.length > limits.maxBytes) {
    throw new GeometryInputError('too-large', `The model file is ${bytes.length} bytes; the limit is ${limits.maxBytes}.`, { limit: limits.maxBytes });
  }
  switch (detectModelFormat(bytes, options.filename)) {
    case 'glb': {
      const { json, binLength } = readGlbHeader(bytes);
      checkGltfJson(json, binLength, limits, 'glb');
      return;
    }
    case 'gltf':
      checkGltfJson(parseJson(new TextDecoder().decode(bytes), 'gltf'), 0, limits, 'gltf');
      return;
    case 'obj':
      checkCounts(countObjTriangles(bytes), 0, limits, 'OBJ');
      checkObjNumbers(new TextDecoder().decode(bytes));
      return;
    case 'stl':
      prescanStl(bytes, limits);
      return;
    case 'fbx':
      if (!isBinaryFbx(bytes)) checkBraceNesting(new TextDecoder().decode(bytes), 'FBX', MAX_FBX_TEXT_NESTING);
      return;
    case 'usdz':
      for (const entry of readUsdzEntries(bytes)) if (/\.usd[ac]?$/i.test(entry.name)) prescanUsdLayer(entry.bytes, 'usdz');
      return;
    case 'usd':
    case 'usda':
    case 'usdc':
      prescanUsdLayer(bytes, 'USD');
      return;
    default:
      return; // the domain already refused unknown formats
  }
}

function isBinaryFbx(bytes: Uint8Array): boolean {
  return new TextDecoder().decode(bytes.subarray(0, 20)) === 'Kaydara FBX Binary  ';
}

function prescanUsdLayer(bytes: Uint8Array, label: string): void {
  if (new TextDecoder().decode(bytes.subarray(0, 8)) === 'PXR-USDC') scanUsdc(bytes);
  else scanUsdaText(new TextDecoder().decode(bytes), label);
}

function prescanStl(bytes: Uint8Array, limits: ImportLimits): void {
  const head = new TextDecoder().decode(bytes.subarray(0, 512)).trimStart();
  const ascii = !isBinaryStl(bytes) && head.startsWith('solid') && !bytes.subarray(0, Math.min(bytes.length, 4096)).includes(0);
  if (!ascii) {
    if (bytes.length < 84) throw new GeometryInputError('truncated', 'The STL file is shorter than a binary STL header (84 bytes); upload the complete file.');
    const count = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(80, true);
    checkCounts(count, 0, limits, 'STL');
    if (84 + count * 50 > bytes.length) {
      throw new GeometryInputError('truncated', `The binary STL file declares ${count} triangles (${84 + count * 50} bytes) but has only ${bytes.length} bytes; upload the complete file.`);
    }
    return;
  }
  checkCounts(countAsciiFacets(bytes), 0, limits, 'STL');
}

/** Refuses text whose `{ }` blocks nest deeper than `limit` (strings in double quotes skipped). */
export function checkBraceNesting(text: string, label: string, limit: number): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) inString = !inString;
    else if (inString) continue;
    else if (c === 123 && ++depth > limit) {
      throw new GeometryInputError('too-large', `The ${label} file nests its blocks more than ${limit} levels deep; export it again.`, { limit });
    } else if (c === 125) depth = Math.max(0, depth - 1);
    else if (c === 10) inString = false;
  }
}

/** Every coordinate of `v`, `vt` and `vn` lines must be a finite number (the reader uses Number()). */
export function checkObjNumbers(text: string): void {
  const vertexLine = /^[ \t]*(vt|vn|v)[ \t]+([^\r\n#]*)/gm;
  for (const match of text.matchAll(vertexLine)) {
    const tokens = match[2].trim().split(/[ \t]+/);
    // v: x y z [w] [r g b]; vt: u [v] [w]; vn: x y z. Only the values the reader uses are checked.
    const used = match[1] === 'vt' ? tokens.slice(0, 2) : tokens.slice(0, 3);
    for (const token of used) {
      if (token !== '' && !Number.isFinite(Number(token))) {
        const line = text.slice(0, match.index).split('\n').length;
        throw new GeometryInputError('non-finite', `Line ${line} of the OBJ file has a coordinate that is not a finite number ("${token.slice(0, 20)}"); fix the file and export it again.`);
      }
    }
  }
}
