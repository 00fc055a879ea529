/**
 * Bounds on USD layers before three's parser and composer see them. Both trust the file: nesting drives
 * recursion (5,000 nested `def Xform` held a worker for minutes) and `faceVertexCounts` drives the
 * triangulation loops and allocations (a 151-byte layer declaring one billion corners allocated
 * gigabytes). Every declared polygon size must be backed by the face-vertex indices actually present.
 */
import { GeometryInputError } from '../errors.ts';

/** Deepest nesting of `{ [ (` in a usda text; prim hierarchies of real scenes stay far below. */
export const MAX_USDA_NESTING = 128;
/** Deepest prim path (segments of `/a/b/c`) in any layer. */
export const MAX_PRIM_DEPTH = 100;

function tooDeep(label: string, limit: number): GeometryInputError {
  return new GeometryInputError(
    'too-large',
    `The ${label} file nests its prims or values more than ${limit} levels deep; flatten the hierarchy and export it again.`,
    { limit },
  );
}

function cornersUnbacked(label: string, corners: number, indices: number): GeometryInputError {
  return new GeometryInputError(
    'absurd-count',
    `The ${label} file declares faces with ${corners} corners in faceVertexCounts but has only ${indices} faceVertexIndices; export it again.`,
  );
}

/** Index just past the string, comment or asset path that starts at `i`. */
function skipLiteral(text: string, i: number): number {
  const c = text[i];
  if (c === '#') {
    const end = text.indexOf('\n', i);
    return end < 0 ? text.length : end;
  }
  if ((c === '"' || c === "'") && text.startsWith(c.repeat(3), i)) {
    const end = text.indexOf(c.repeat(3), i + 3);
    return end < 0 ? text.length : end + 3;
  }
  if (c === '@') {
    const end = text.indexOf('@', i + 1);
    return end < 0 ? text.length : end + 1;
  }
  let j = i + 1;
  while (j < text.length && text[j] !== c && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
  return j + 1;
}

const NUMBER = /[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?(?!\s*:)/g;

/** Values of every `<name> = [...]` (or `.timeSamples = { t: [...] }`) assignment, time codes left out. */
function declaredValues(text: string, name: string): number[][] {
  const assignment = new RegExp(`\\b${name}(?:\\.timeSamples)?\\s*=\\s*(\\[[^\\]]*\\]|\\{[^}]*\\})`, 'g');
  return [...text.matchAll(assignment)].map((match) => (match[1].match(NUMBER) ?? []).map(Number));
}

/** Text-level checks of a usda layer: nesting depth, and polygon corners backed by indices. */
export function scanUsdaText(text: string, label: string): void {
  let depth = 0;
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    // # " ' @ start comments, strings and asset paths, whose brackets do not count.
    if (c === 35 || c === 34 || c === 39 || c === 64) {
      i = skipLiteral(text, i);
      continue;
    }
    if (c === 123 || c === 91 || c === 40) {
      depth += 1;
      if (depth > MAX_USDA_NESTING) throw tooDeep(label, MAX_USDA_NESTING);
    } else if ((c === 125 || c === 93 || c === 41) && depth > 0) {
      depth -= 1;
    }
    i += 1;
  }
  const counts = declaredValues(text, 'faceVertexCounts');
  if (counts.length === 0) return;
  const indexTotal = declaredValues(text, 'faceVertexIndices').reduce((sum, values) => sum + values.length, 0);
  let corners = 0;
  for (const values of counts) {
    for (const value of values) {
      if (!Number.isInteger(value) || value < 0) {
        throw new GeometryInputError(
          'malformed',
          `The ${label} file has a faceVertexCounts entry that is not a whole number ≥ 0 (${value}); export it again.`,
        );
      }
      corners += value;
      if (corners > indexTotal) throw cornersUnbacked(label, corners, indexTotal);
    }
  }
}

type Spec = { fields?: Record<string, unknown> };

function arraysOf(spec: Spec | undefined): ArrayLike<number>[] {
  const fields = spec?.fields;
  if (!fields) return [];
  const found: ArrayLike<number>[] = [];
  const add = (value: unknown) => {
    if (Array.isArray(value) || ArrayBuffer.isView(value)) found.push(value as ArrayLike<number>);
  };
  add(fields.default);
  const samples = fields.timeSamples as { values?: unknown[] } | Record<string, unknown> | undefined;
  if (samples && typeof samples === 'object') {
    const values = Array.isArray((samples as { values?: unknown[] }).values)
      ? (samples as { values: unknown[] }).values
      : Object.values(samples);
    values.forEach(add);
  }
  return found;
}

/**
 * Parsed-layer checks (usda and usdc alike, so crate files are covered too): prim path depth, and
 * for every mesh the corners its faceVertexCounts declare are backed by its faceVertexIndices.
 */
export function checkUsdLayer(specsByPath: Record<string, Spec>, label: string): void {
  for (const path of Object.keys(specsByPath)) {
    let segments = 0;
    for (let i = 0; i < path.length; i++) if (path.charCodeAt(i) === 47) segments += 1;
    if (segments > MAX_PRIM_DEPTH) throw tooDeep(label, MAX_PRIM_DEPTH);
    if (!path.endsWith('.faceVertexCounts')) continue;
    const prim = path.slice(0, -'.faceVertexCounts'.length);
    const indexArrays = arraysOf(specsByPath[`${prim}.faceVertexIndices`]);
    const available = indexArrays.reduce((most, array) => Math.max(most, array.length), 0);
    for (const counts of arraysOf(specsByPath[path])) {
      let corners = 0;
      for (let i = 0; i < counts.length; i++) {
        const value = Number(counts[i]);
        if (!Number.isInteger(value) || value < 0) {
          throw new GeometryInputError(
            'malformed',
            `The ${label} file has a faceVertexCounts entry that is not a whole number ≥ 0; export it again.`,
          );
        }
        corners += value;
        if (corners > available) throw cornersUnbacked(label, corners, available);
      }
    }
  }
}
