/**
 * Runs inside a worker thread for fuzz.test.ts: mutates every kind of input file with a seeded PRNG
 * and imports each mutant, reporting before and after every case so the parent can time it out and
 * attribute a hang or an out-of-memory death to the case that caused it.
 */
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { importModel } from '../../../src/geometry/import/index.ts';
import { GeometryInputError } from '../../../src/geometry/errors.ts';
import { writeFbx } from '../../../src/geometry/export/fbx/index.ts';
import type { Scene } from '../../../src/geometry/mesh.ts';
import {
  crateFrame,
  cubeArrays,
  cubeGlb,
  cubeUsdc,
  cubeGltfEmbedded,
  cubeObj,
  cubeStlAscii,
  cubeStlBinary,
  cubeUsda,
  cubeUsdz,
  quadFbxAscii,
} from './fixtures.ts';

const { seed, perBase } = workerData as { seed: number; perBase: number };
const port = parentPort!;

/** mulberry32: small, fast, deterministic. */
function prng(s: number): () => number {
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function bases(): Promise<[string, Uint8Array, string][]> {
  const { positions, uvs, indices } = cubeArrays();
  const scene: Scene = {
    materials: [{ name: 'm', baseColor: [1, 0, 0, 1], metallic: 0, roughness: 0.5 }],
    roots: [
      {
        name: 'part_01',
        translation: [0, 0, 0],
        rotation: [0, 0, 0, 1],
        scale: [1, 1, 1],
        children: [],
        mesh: {
          positions: new Float32Array(positions),
          uvs: new Float32Array(uvs),
          indices: new Uint32Array(indices),
          groups: [{ start: 0, count: 12, material: 0 }],
        },
      },
    ],
  };
  const fbx = (await writeFbx(scene, { embedTextures: false })).find((f) => f.name.endsWith('.fbx'))!.bytes;
  return [
    ['glb', await cubeGlb(), 'cube.glb'],
    ['gltf', await cubeGltfEmbedded(), 'cube.gltf'],
    ['obj', cubeObj().obj, 'cube.obj'],
    ['stl-ascii', cubeStlAscii(), 'cube.stl'],
    ['stl-binary', cubeStlBinary(), 'cube.stl'],
    ['usda', cubeUsda(), 'cube.usda'],
    ['usdz', await cubeUsdz(), 'cube.usdz'],
    ['fbx-ascii', quadFbxAscii(), 'cube.fbx'],
    ['fbx-binary', fbx, 'cube.fbx'],
    ['usdc', cubeUsdc(), 'cube.usdc'],
    [
      'fbx-blender',
      new Uint8Array(readFileSync(new URL('../../fixtures/models/blender-cube.fbx', import.meta.url))),
      'cube.fbx',
    ],
    [
      'usdc-frame',
      crateFrame([
        {
          name: 'TOKENS',
          count: 3n,
          body: new Uint8Array([
            12, 0, 0, 0, 0, 0, 0, 0, 13, 0, 0, 0, 0, 0, 0, 0, 0, 0xb0, 0x61, 0, 0x62, 0, 0x63, 0, 0, 0, 0, 0, 0,
          ]),
        },
        { name: 'STRINGS', count: 1n, body: new Uint8Array(4) },
        { name: 'FIELDS', count: 2n, body: new Uint8Array(48) },
        { name: 'FIELDSETS', count: 2n, body: new Uint8Array(32) },
        { name: 'PATHS', count: 1n, body: new Uint8Array(64) },
        { name: 'SPECS', count: 1n, body: new Uint8Array(64) },
      ]),
      'scene.usdc',
    ],
  ];
}

function mutate(bytes: Uint8Array, random: () => number, kind: number): Uint8Array {
  const out = Uint8Array.from(bytes);
  const at = () => Math.floor(random() * out.length);
  switch (kind) {
    case 0: // truncate anywhere
      return out.subarray(0, at());
    case 1: // flip a few bits
      for (let i = 0, n = 1 + Math.floor(random() * 8); i < n; i++) out[at()] ^= 1 << Math.floor(random() * 8);
      return out;
    case 2: // overwrite a run with random bytes
      for (let i = at(), n = Math.floor(random() * 64); n > 0 && i < out.length; i++, n--)
        out[i] = Math.floor(random() * 256);
      return out;
    case 3: // set 32-bit words to extreme values (counts, lengths, offsets)
      for (let i = 0, n = 1 + Math.floor(random() * 4); i < n; i++) {
        const p = at() & ~3;
        const value = [0xffffffff, 0x7fffffff, 0x80000000, 0, 0x10000][Math.floor(random() * 5)];
        new DataView(out.buffer).setUint32(Math.min(p, Math.max(0, out.length - 4)), value, true);
      }
      return out;
    case 4: {
      // duplicate a slice into the middle
      const a = at();
      const b = Math.min(out.length, a + Math.floor(random() * 256));
      const p = at();
      const grown = new Uint8Array(out.length + (b - a));
      grown.set(out.subarray(0, p));
      grown.set(out.subarray(a, b), p);
      grown.set(out.subarray(p), p + (b - a));
      return grown;
    }
    default: {
      // the format's first bytes followed by noise
      const noise = new Uint8Array(16 + Math.floor(random() * 4096));
      for (let i = 0; i < noise.length; i++) noise[i] = Math.floor(random() * 256);
      noise.set(out.subarray(0, Math.min(32, noise.length)));
      return noise;
    }
  }
}

const random = prng(seed);
const cases: [string, Uint8Array, string][] = [];
for (const [label, bytes, filename] of await bases()) {
  for (let i = 0; i < perBase; i++) {
    const kind = i % 6;
    cases.push([`${label}#${i} (mutation ${kind})`, mutate(bytes, random, kind), filename]);
  }
}
for (let i = 0; i < perBase; i++) {
  const noise = new Uint8Array(Math.floor(random() * 8192));
  for (let k = 0; k < noise.length; k++) noise[k] = Math.floor(random() * 256);
  cases.push([`random#${i}`, noise, ['x.glb', 'x.obj', 'x.stl', 'x.fbx', 'x.usdz', 'x.usda'][i % 6]]);
}

let peakArrayBuffers = 0;
for (let index = 0; index < cases.length; index++) {
  const [name, bytes, filename] = cases[index];
  port.postMessage({ type: 'start', index, name });
  let outcome: string;
  let detail = '';
  try {
    await importModel(bytes, {
      filename,
      limits: { maxBytes: 1 << 20, maxTriangles: 1_000_000, maxVertices: 1_000_000 },
    });
    outcome = 'parsed';
  } catch (error) {
    if (error instanceof GeometryInputError) outcome = 'refused';
    else {
      outcome = 'crashed';
      detail =
        error instanceof Error
          ? `${error.name}: ${error.message}\n${error.stack?.split('\n').slice(1, 4).join('\n')}`
          : String(error);
    }
  }
  peakArrayBuffers = Math.max(peakArrayBuffers, process.memoryUsage().arrayBuffers);
  port.postMessage({ type: 'done', index, name, outcome, detail });
}
port.postMessage({ type: 'finished', total: cases.length, peakArrayBuffers });
