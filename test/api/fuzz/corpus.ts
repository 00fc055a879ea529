/**
 * Seed inputs for the HTTP fuzz campaign: real pictures and models of every accepted format, bombs
 * (tiny files declaring huge sizes), and mutators (truncate, flip bytes, splice) driven by a seeded
 * generator so every case reproduces from (seed, index).
 */
import sharp from 'sharp';
import { readFile } from 'node:fs/promises';
import {
  cubeGlb,
  cubeGltfEmbedded,
  cubeObj,
  cubeStlAscii,
  cubeStlBinary,
  cubeUsda,
  cubeUsdc,
  cubeUsdz,
  enc,
  quadFbxAscii,
} from '../../geometry/import/fixtures.ts';
import { pngDeclaring, webpDeclaring } from '../../support/hostile-images.ts';
import { USDA_CORNER_BOMB, nestedUsda } from '../../support/hostile-models.ts';
import { mulberry32 } from '../../../src/engines/generate/image/quality/metrics.ts';

/** The seeded generator the quality metrics use (mulberry32): small, fast, seedable. */
export const rng = mulberry32;

export class Dice {
  constructor(readonly next: () => number) {}
  int(max: number): number {
    return Math.floor(this.next() * max);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

export interface Sample {
  name: string;
  bytes: Uint8Array;
}

export interface Corpus {
  images: Sample[];
  imageBombs: Sample[];
  models: Sample[];
  modelBombs: Sample[];
}

export async function buildCorpus(): Promise<Corpus> {
  const base = sharp({
    create: { width: 48, height: 40, channels: 4, background: { r: 200, g: 80, b: 40, alpha: 1 } },
  });
  const images: Sample[] = [
    { name: 'a.png', bytes: new Uint8Array(await base.clone().png().toBuffer()) },
    { name: 'a.jpg', bytes: new Uint8Array(await base.clone().jpeg().toBuffer()) },
    { name: 'a.webp', bytes: new Uint8Array(await base.clone().webp().toBuffer()) },
    { name: 'a.gif', bytes: new Uint8Array(await base.clone().gif().toBuffer()) },
    { name: 'a.tiff', bytes: new Uint8Array(await base.clone().tiff().toBuffer()) },
  ];
  const imageBombs: Sample[] = [
    { name: 'bomb.webp', bytes: webpDeclaring(16383, 16383) },
    { name: 'bomb.png', bytes: pngDeclaring(16383, 16383) },
    { name: 'wide.png', bytes: pngDeclaring(1_000_000, 1) },
    { name: 'zero.png', bytes: pngDeclaring(0, 0) },
    { name: 'tall.webp', bytes: webpDeclaring(1, 16383) },
  ];
  const { obj } = cubeObj();
  const fbxBinary = await readFile(new URL('../../fixtures/models/blender-cube.fbx', import.meta.url))
    .then((b) => new Uint8Array(b))
    .catch(() => quadFbxAscii());
  const models: Sample[] = [
    { name: 'cube.glb', bytes: await cubeGlb() },
    { name: 'cube.gltf', bytes: await cubeGltfEmbedded() },
    { name: 'cube.obj', bytes: obj },
    { name: 'cube.stl', bytes: cubeStlAscii() },
    { name: 'cube-binary.stl', bytes: cubeStlBinary() },
    { name: 'cube.usda', bytes: cubeUsda() },
    { name: 'cube.usdc', bytes: cubeUsdc() },
    { name: 'cube.usdz', bytes: await cubeUsdz() },
    { name: 'quad.fbx', bytes: quadFbxAscii() },
    { name: 'cube.fbx', bytes: fbxBinary },
  ];
  const stlBomb = cubeStlBinary();
  new DataView(stlBomb.buffer).setUint32(80, 4_000_000_000, true);
  const modelBombs: Sample[] = [
    { name: 'corners.usda', bytes: enc(USDA_CORNER_BOMB) },
    { name: 'deep.usda', bytes: enc(nestedUsda(5000)) },
    { name: 'count.stl', bytes: stlBomb },
    { name: 'vt.obj', bytes: enc(new TextDecoder().decode(obj).replace(/^vt .*$/m, 'vt 0.62u000 0.5')) },
    { name: 'faces.obj', bytes: enc(`v 0 0 0\nv 1 0 0\nv 0 1 0\n${'f 1 2 3\n'.repeat(2000)}`) },
    {
      name: 'accessor.gltf',
      bytes: enc(
        JSON.stringify({
          asset: { version: '2.0' },
          buffers: [{ byteLength: 12, uri: 'data:application/octet-stream;base64,AAAAAAAAAAAAAAAA' }],
          bufferViews: [{ buffer: 0, byteLength: 12 }],
          accessors: [{ bufferView: 0, componentType: 5126, count: 2_000_000_000, type: 'VEC3' }],
          meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
          nodes: [{ mesh: 0 }],
          scenes: [{ nodes: [0] }],
        }),
      ),
    },
    { name: 'deep.gltf', bytes: enc(`{"asset":{"version":"2.0"},"x":${'['.repeat(20000)}${']'.repeat(20000)}}`) },
    { name: 'deep.fbx', bytes: enc(`; FBX 7.4.0 project file\n${'A: {\n'.repeat(3000)}${'}\n'.repeat(3000)}`) },
  ];
  return { images, imageBombs, models, modelBombs };
}

/** A damaged copy: cut short, bytes flipped, a slice repeated, or zeroed. */
export function mutate(dice: Dice, bytes: Uint8Array): Uint8Array {
  const copy = new Uint8Array(bytes);
  switch (dice.int(5)) {
    case 0:
      return copy.subarray(0, dice.int(copy.length + 1));
    case 1:
      for (let i = 0, n = 1 + dice.int(16); i < n && copy.length > 0; i++)
        copy[dice.int(copy.length)] ^= 1 << dice.int(8);
      return copy;
    case 2: {
      const at = dice.int(copy.length + 1);
      const piece = copy.subarray(dice.int(copy.length + 1), at);
      return new Uint8Array([...copy.subarray(0, at), ...piece, ...piece, ...copy.subarray(at)]);
    }
    case 3:
      for (let i = dice.int(copy.length + 1); i < copy.length; i += 1 + dice.int(7)) copy[i] = 0xff;
      return copy;
    default:
      return copy.subarray(dice.int(Math.min(64, copy.length + 1)));
  }
}
