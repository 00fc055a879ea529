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
    throw new GeometryInputError(
      'too-large',
      `The model file is ${bytes.length} bytes; the limit is ${limits.maxBytes}.`,
      { limit: limits.maxBytes },
    );
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
      checkObjNumbers(bytes);
      return;
    case 'stl':
      prescanStl(bytes, limits);
      return;
    case 'fbx':
      if (!isBinaryFbx(bytes)) checkBraceNesting(new TextDecoder().decode(bytes), 'FBX', MAX_FBX_TEXT_NESTING);
      return;
    case 'usdz':
      for (const entry of readUsdzEntries(bytes))
        if (/\.usd[ac]?$/i.test(entry.name)) prescanUsdLayer(entry.bytes, 'usdz');
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
  const ascii =
    !isBinaryStl(bytes) && head.startsWith('solid') && !bytes.subarray(0, Math.min(bytes.length, 4096)).includes(0);
  if (!ascii) {
    if (bytes.length < 84)
      throw new GeometryInputError(
        'truncated',
        'The STL file is shorter than a binary STL header (84 bytes); upload the complete file.',
      );
    const count = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(80, true);
    checkCounts(count, 0, limits, 'STL');
    if (84 + count * 50 > bytes.length) {
      throw new GeometryInputError(
        'truncated',
        `The binary STL file declares ${count} triangles (${84 + count * 50} bytes) but has only ${bytes.length} bytes; upload the complete file.`,
      );
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
      throw new GeometryInputError(
        'too-large',
        `The ${label} file nests its blocks more than ${limit} levels deep; export it again.`,
        { limit },
      );
    } else if (c === 125) depth = Math.max(0, depth - 1);
    else if (c === 10) inString = false;
  }
}

/**
 * Every coordinate of `v`, `vt` and `vn` lines must be a finite number (the reader uses Number()). A
 * byte scan without per-line strings: a 44 MB OBJ is checked in a fraction of a second, so the API's
 * event loop is not held.
 */
export function checkObjNumbers(bytes: Uint8Array): void {
  let line = 1;
  for (let i = 0; i < bytes.length; line++) {
    let end = bytes.indexOf(10, i);
    if (end < 0) end = bytes.length;
    let j = i;
    while (j < end && (bytes[j] === 32 || bytes[j] === 9)) j++;
    if (bytes[j] === 118 /* v */) {
      const next = bytes[j + 1];
      if (next === 32 || next === 9) checkTokens(bytes, j + 1, end, 3, line);
      else if ((next === 116 /* t */ || next === 110) /* n */ && (bytes[j + 2] === 32 || bytes[j + 2] === 9)) {
        checkTokens(bytes, j + 2, end, next === 116 ? 2 : 3, line);
      }
    }
    i = end + 1;
  }
}

const isBlank = (b: number) => b === 32 || b === 9 || b === 13;

/** The first `count` whitespace-separated tokens of [start, end) (up to a `#` comment) must be finite. */
function checkTokens(bytes: Uint8Array, start: number, end: number, count: number, line: number): void {
  let i = start;
  for (let seen = 0; seen < count; seen++) {
    while (i < end && isBlank(bytes[i])) i++;
    if (i >= end || bytes[i] === 35 /* # */) return;
    const tokenStart = i;
    while (i < end && !isBlank(bytes[i]) && bytes[i] !== 35) i++;
    if (plainFiniteNumber(bytes, tokenStart, i)) continue;
    const token = new TextDecoder().decode(bytes.subarray(tokenStart, i));
    if (!Number.isFinite(Number(token))) {
      throw new GeometryInputError(
        'non-finite',
        `Line ${line} of the OBJ file has a coordinate that is not a finite number ("${token.slice(0, 20)}"); fix the file and export it again.`,
      );
    }
  }
}

/** True for short plain decimals ([+-]digits[.digits][e[+-]digits], |exponent| ≤ 300); anything else is checked with Number(). */
function plainFiniteNumber(bytes: Uint8Array, start: number, end: number): boolean {
  if (end - start > 24) return false;
  let i = start;
  if (bytes[i] === 43 || bytes[i] === 45) i++;
  let digits = 0;
  while (i < end && bytes[i] >= 48 && bytes[i] <= 57) i++, digits++;
  if (bytes[i] === 46) {
    i++;
    while (i < end && bytes[i] >= 48 && bytes[i] <= 57) i++, digits++;
  }
  if (digits === 0) return false;
  if (i < end && (bytes[i] === 101 || bytes[i] === 69)) {
    i++;
    if (bytes[i] === 43 || bytes[i] === 45) i++;
    let exponent = 0;
    let expDigits = 0;
    while (i < end && bytes[i] >= 48 && bytes[i] <= 57) {
      exponent = exponent * 10 + (bytes[i] - 48);
      i++;
      expDigits++;
    }
    if (expDigits === 0 || exponent > 300) return false;
  }
  return i === end;
}
