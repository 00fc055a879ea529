/**
 * OFF reader for test and benchmark data (the Princeton Segmentation Benchmark ships OFF). OFF is not
 * an upload format. Polygons are fan-triangulated in file order, so a triangle-only file keeps its
 * face numbering (segmentation files index faces by position).
 */
import { GeometryInputError } from '../errors.ts';
import { createMesh, type Mesh } from '../mesh.ts';

export function parseOff(input: string | Uint8Array): Mesh {
  const text = typeof input === 'string' ? input : new TextDecoder().decode(input);
  // OFF is line-oriented: one vertex or face per line, optional colours trailing on each.
  const lines: string[][] = [];
  for (const raw of text.split('\n')) {
    const hash = raw.indexOf('#');
    const line = (hash >= 0 ? raw.slice(0, hash) : raw).trim();
    if (line !== '') lines.push(line.split(/\s+/));
  }
  const first = lines[0] ?? [];
  // "OFF", "COFF", "NOFF"…, with the counts on the same line or the next; "OFF8 12 0" also occurs.
  const headerMatch = /^(?:ST)?C?N?4?n?OFF(\d*)$/.exec(first[0] ?? '');
  if (!headerMatch) throw new GeometryInputError('malformed', 'This is not an OFF file: it must start with "OFF".');
  let counts = headerMatch[1] ? [headerMatch[1], ...first.slice(1)] : first.slice(1);
  let line = 1;
  if (counts.length === 0) counts = lines[line++] ?? [];
  const vertexCount = readCount(counts[0], 'vertex');
  const faceCount = readCount(counts[1], 'face');
  if (lines.length < line + vertexCount) {
    throw new GeometryInputError(
      'truncated',
      `The OFF file declares ${vertexCount} vertices but ends before them; send the complete file.`,
    );
  }
  const positions = new Float32Array(vertexCount * 3);
  for (let v = 0; v < vertexCount; v++) {
    const tokens = lines[line++];
    for (let k = 0; k < 3; k++) {
      const value = Number(tokens[k]);
      if (tokens[k] === undefined || !Number.isFinite(value)) {
        throw new GeometryInputError('non-finite', `Vertex ${v} of the OFF file needs three finite coordinates.`);
      }
      positions[v * 3 + k] = value;
    }
  }
  if (lines.length < line + faceCount) {
    throw new GeometryInputError(
      'truncated',
      `The OFF file declares ${faceCount} faces but ends before them; send the complete file.`,
    );
  }
  // Sized for triangles; polygons grow it.
  let out = new Uint32Array(faceCount * 3);
  let written = 0;
  const reserve = (needed: number): void => {
    if (needed <= out.length) return;
    const bigger = new Uint32Array(Math.max(needed, out.length * 2));
    bigger.set(out.subarray(0, written));
    out = bigger;
  };
  for (let f = 0; f < faceCount; f++) {
    const tokens = lines[line++];
    const n = Number(tokens[0]);
    if (!Number.isInteger(n) || n < 3 || tokens.length < n + 1) {
      throw new GeometryInputError(
        'malformed',
        `Face ${f} of the OFF file needs a corner count of at least 3 and that many vertex indices.`,
      );
    }
    const corners = new Array<number>(n);
    for (let k = 0; k < n; k++) {
      const index = Number(tokens[k + 1]);
      if (!Number.isInteger(index) || index < 0 || index >= vertexCount) {
        throw new GeometryInputError(
          'malformed',
          `Face ${f} of the OFF file refers to vertex ${tokens[k + 1]}, which does not exist.`,
        );
      }
      corners[k] = index;
    }
    reserve(written + (n - 2) * 3);
    for (let k = 1; k + 1 < n; k++) {
      out[written++] = corners[0];
      out[written++] = corners[k];
      out[written++] = corners[k + 1];
    }
  }
  if (written === 0) throw new GeometryInputError('empty', 'The OFF file has no faces.');
  return createMesh(positions, out.length === written ? out : out.slice(0, written));
}

function readCount(token: string | undefined, what: string): number {
  const n = Number(token);
  if (token === undefined || !Number.isInteger(n) || n < 0) {
    throw new GeometryInputError('malformed', `The OFF header must give the ${what} count as a whole number.`);
  }
  return n;
}
