/**
 * STL (binary and ASCII) through three's STLLoader. The binary triangle count is checked against the
 * byte length before parsing; vertices are welded by exact position (STL repeats them per facet), and
 * the per-facet normals are dropped so shared corners can weld.
 */
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import { GeometryInputError } from '../errors.ts';
import { defaultMaterial, type Scene } from '../mesh.ts';
import { isBinaryStl } from './detect.ts';
import { dedupeVertices } from './dedupe.ts';
import type { ImportLimits } from './limits.ts';
import { checkCounts } from './validate.ts';
import { quietly } from './three-shim.ts';

export function importStl(bytes: Uint8Array, limits: ImportLimits, name = 'stl'): Scene {
  let data = bytes;
  const head = new TextDecoder().decode(bytes.subarray(0, 512)).trimStart();
  const ascii =
    !isBinaryStl(bytes) && head.startsWith('solid') && !bytes.subarray(0, Math.min(bytes.length, 4096)).includes(0);
  if (!ascii) {
    if (bytes.length < 84) {
      throw new GeometryInputError(
        'truncated',
        'The STL file is shorter than a binary STL header (84 bytes); upload the complete file.',
      );
    }
    const count = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(80, true);
    if (count === 0)
      throw new GeometryInputError('empty', 'The STL file declares no triangles; send a model with faces.');
    checkCounts(count, 0, limits, 'STL');
    const expected = 84 + count * 50;
    if (bytes.length < expected) {
      const absurd = count > (bytes.length - 84) / 50 + 1_000_000;
      throw new GeometryInputError(
        absurd ? 'absurd-count' : 'truncated',
        `The binary STL file declares ${count} triangles (${expected} bytes) but has only ${bytes.length} bytes; upload the complete file.`,
      );
    }
    // Some exporters pad the end: the declared count decides what is read.
    data = bytes.subarray(0, expected);
  } else {
    // STLLoader's ASCII path holds the whole text and its regex matches: count facets first.
    checkCounts(countAsciiFacets(bytes), 0, limits, 'STL');
  }
  const buffer = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
  let geometry;
  try {
    geometry = quietly(undefined, () => new STLLoader().parse(buffer));
  } catch {
    throw new GeometryInputError(
      'malformed',
      'The STL file could not be read (it may be corrupt); export it again as binary STL.',
    );
  }
  const positions = geometry.getAttribute('position')?.array as Float32Array | undefined;
  if (!positions || positions.length < 9) {
    throw new GeometryInputError(
      'empty',
      'The STL file contains no complete triangles; export it again with its faces.',
    );
  }
  checkCounts(positions.length / 9, 0, limits, 'STL');
  const welded = dedupeVertices({ positions: positions.subarray(0, positions.length - (positions.length % 9)) });
  return {
    materials: [defaultMaterial()],
    roots: [
      {
        name,
        translation: [0, 0, 0],
        rotation: [0, 0, 0, 1],
        scale: [1, 1, 1],
        children: [],
        mesh: {
          positions: welded.positions,
          indices: welded.indices,
          groups: [{ start: 0, count: welded.indices.length / 3, material: 0 }],
        },
      },
    ],
  };
}

/** `endfacet` statements, counted on the bytes (either case), without decoding the text. */
export function countAsciiFacets(bytes: Uint8Array): number {
  const word = [101, 110, 100, 102, 97, 99, 101, 116]; // "endfacet"
  let count = 0;
  for (let i = 0; i + word.length <= bytes.length; i++) {
    if ((bytes[i] | 0x20) !== 101) continue;
    let k = 1;
    while (k < word.length && (bytes[i + k] | 0x20) === word[k]) k++;
    if (k === word.length) {
      count++;
      i += k - 1;
    }
  }
  return count;
}
