/**
 * Test scenes for the writers and the independent readers that load their output back: three.js
 * loaders running in Node through the import side's capturing shim, plus a minimal binary-FBX record
 * reader (three's FBXLoader triangulates, so polygon sizes must be read from the records themselves).
 */
import { inflateSync } from 'node:zlib';
import { GLTFLoader, type GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { FBXLoader } from 'three/examples/jsm/loaders/FBXLoader.js';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import { MTLLoader } from 'three/examples/jsm/loaders/MTLLoader.js';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import { USDAParser } from 'three/examples/jsm/loaders/usd/USDAParser.js';
import { USDComposer } from 'three/examples/jsm/loaders/usd/USDComposer.js';
import { unzipSync } from 'fflate';
import { Loader, LoadingManager, Texture, type BufferGeometry, type Group, type Object3D } from 'three';
import validator from 'gltf-validator';
import { capturingManager, quietly } from '../../../src/geometry/import/three-shim.ts';
import type { Material, Mesh, RasterImage, Scene } from '../../../src/geometry/mesh.ts';
import { createNode } from '../../../src/geometry/mesh.ts';

export function arrayBufferOf(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** A unit cube (side 1, centred) with 24 vertices, per-face normals and UVs, six marked quads. */
export function cubeMesh(size = 1): Mesh {
  const faces: number[][][] = [
    [
      [0, 0, 1],
      [-1, -1, 1],
      [1, -1, 1],
      [1, 1, 1],
      [-1, 1, 1],
    ],
    [
      [0, 0, -1],
      [1, -1, -1],
      [-1, -1, -1],
      [-1, 1, -1],
      [1, 1, -1],
    ],
    [
      [1, 0, 0],
      [1, -1, 1],
      [1, -1, -1],
      [1, 1, -1],
      [1, 1, 1],
    ],
    [
      [-1, 0, 0],
      [-1, -1, -1],
      [-1, -1, 1],
      [-1, 1, 1],
      [-1, 1, -1],
    ],
    [
      [0, 1, 0],
      [-1, 1, 1],
      [1, 1, 1],
      [1, 1, -1],
      [-1, 1, -1],
    ],
    [
      [0, -1, 0],
      [-1, -1, -1],
      [1, -1, -1],
      [1, -1, 1],
      [-1, -1, 1],
    ],
  ];
  const positions: number[] = [],
    normals: number[] = [],
    uvs: number[] = [],
    indices: number[] = [];
  faces.forEach((face, k) => {
    const base = positions.length / 3;
    for (let j = 1; j <= 4; j++) {
      positions.push(...face[j].map((v) => (v * size) / 2));
      normals.push(...face[0]);
    }
    // Each face gets its own sixth of the texture, so UVs differ per face (v down, glTF style).
    const u0 = k / 6,
      u1 = (k + 1) / 6;
    uvs.push(u0, 1, u1, 1, u1, 0, u0, 0);
    indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  });
  const quads = new Uint8Array(12);
  for (let t = 0; t < 12; t += 2) quads[t] = 1;
  return {
    positions: new Float32Array(positions),
    normals: new Float32Array(normals),
    uvs: new Float32Array(uvs),
    indices: new Uint32Array(indices),
    groups: [{ start: 0, count: 12, material: 0 }],
    quads,
  };
}

/** An RGB image: left half `left`, right half `right`. */
export function splitImage(
  width: number,
  height: number,
  left: number[],
  right: number[],
  channels: 3 | 4 = 3,
): RasterImage {
  const data = new Uint8Array(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const colour = x < width / 2 ? left : right;
      for (let c = 0; c < channels; c++) data[(y * width + x) * channels + c] = colour[c] ?? 255;
    }
  }
  return { width, height, channels, data };
}

/** A PBR material with all three maps (metal/rough packed G = roughness 200, B = metallic 100). */
export function texturedMaterial(name = 'painted'): Material {
  return {
    name,
    baseColor: [1, 1, 1, 1],
    metallic: 1,
    roughness: 1,
    baseColorTexture: { name: 'albedo', image: splitImage(16, 16, [200, 40, 40], [40, 200, 40]) },
    metallicRoughnessTexture: { name: 'metal_rough', image: splitImage(16, 16, [0, 200, 100], [0, 200, 100]) },
    normalTexture: { name: 'normal', image: splitImage(16, 16, [128, 128, 255], [128, 128, 255]) },
  };
}

export function plainMaterial(name = 'plain', colour: [number, number, number, number] = [0.8, 0.2, 0.1, 1]): Material {
  return { name, baseColor: colour, metallic: 0.25, roughness: 0.75 };
}

/** Two cubes: part_01 moved, part_02 rotated 90° about Y, stretched along its x and with a child. */
export function twoPartScene(material: Material = texturedMaterial()): Scene {
  const a = createNode('part_01', cubeMesh());
  a.translation = [1, 2, 3];
  const b = createNode('part_02', cubeMesh());
  b.translation = [-2, 0, 0];
  b.rotation = [0, Math.SQRT1_2, 0, Math.SQRT1_2];
  b.scale = [2, 1, 1];
  const child = createNode('part_02_cap', cubeMesh(0.5));
  child.translation = [0, 1, 0];
  b.children.push(child);
  return { materials: [material], roots: [a, b] };
}

export interface ValidationReport {
  issues: {
    numErrors: number;
    numWarnings: number;
    messages: { code: string; message: string; severity: number; pointer?: string }[];
  };
}

export async function validateGlb(bytes: Uint8Array): Promise<ValidationReport> {
  return (await validator.validateBytes(bytes, { maxIssues: 50 })) as ValidationReport;
}

export function errorsOf(report: ValidationReport): string[] {
  return report.issues.messages.filter((m) => m.severity === 0).map((m) => `${m.code} ${m.pointer ?? ''} ${m.message}`);
}

/** Hands GLTFLoader an empty Texture per image (Node has no image decoder); the URL is kept. */
class PlaceholderImageLoader extends Loader {
  load(url: string, onLoad?: (texture: Texture) => void): Texture {
    const texture = new Texture();
    texture.userData.url = url;
    onLoad?.(texture);
    return texture;
  }
}

export function loadGltf(bytes: Uint8Array): Promise<GLTF> {
  // GLTFLoader reaches for `self.URL` to turn embedded images into object URLs.
  (globalThis as { self?: unknown }).self ??= globalThis;
  const manager = new LoadingManager();
  manager.addHandler(/.*/, new PlaceholderImageLoader(manager));
  return new Promise((resolve, reject) => new GLTFLoader(manager).parse(arrayBufferOf(bytes), '', resolve, reject));
}

export function loadFbx(bytes: Uint8Array): Group {
  return quietly(undefined, () => new FBXLoader(capturingManager()).parse(arrayBufferOf(bytes), ''));
}

export function loadObj(objText: string, mtlText?: string): Group {
  const loader = new OBJLoader(capturingManager());
  if (mtlText) {
    const materials = new MTLLoader(capturingManager()).parse(mtlText, '');
    materials.preload();
    loader.setMaterials(materials);
  }
  return quietly(undefined, () => loader.parse(objText));
}

export function loadStl(bytes: Uint8Array): BufferGeometry {
  return new STLLoader().parse(arrayBufferOf(bytes));
}

/**
 * three's USD reader over a package opened with fflate: USDAParser for the layer, USDComposer to build
 * the scene; its DOM image loader is swapped for a recorder (`textures` lists the image paths asked for).
 */
export function loadUsdz(bytes: Uint8Array): Group & { textures: string[] } {
  const files = unzipSync(bytes);
  const names = Object.keys(files);
  const layer = new USDAParser().parseData(new TextDecoder().decode(files[names[0]]));
  const assets: Record<string, unknown> = {};
  for (const name of names.slice(1)) assets[name] = files[name];
  const textures: string[] = [];
  const composer = new USDComposer();
  (composer as unknown as { imageLoader: unknown }).imageLoader = {
    load(url: string) {
      textures.push(url);
    },
  };
  const group = quietly(undefined, () => composer.compose(layer, assets, {}, '')) as Group;
  return Object.assign(group, { textures });
}

export function byName(root: Object3D, name: string): Object3D {
  const found = root.getObjectByName(name);
  if (!found) throw new Error(`no object named ${name}`);
  return found;
}

export function triangleCountOf(root: Object3D): number {
  let count = 0;
  root.traverse((object) => {
    const geometry = (object as { geometry?: BufferGeometry }).geometry;
    if (!geometry) return;
    count += (geometry.index ? geometry.index.count : geometry.attributes.position.count) / 3;
  });
  return count;
}

/** One decoded binary-FBX record (7.4 layout). Arrays come back as typed arrays. */
export interface FbxRecord {
  name: string;
  props: unknown[];
  children: FbxRecord[];
}

/** A deliberately separate, minimal reader of binary FBX records for structural assertions. */
export function readFbxRecords(bytes: Uint8Array): { version: number; records: FbxRecord[] } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = new TextDecoder();
  const version = view.getUint32(23, true);
  const readList = (start: number, end: number): [FbxRecord[], number] => {
    const out: FbxRecord[] = [];
    let at = start;
    while (at < end) {
      const endOffset = view.getUint32(at, true);
      if (endOffset === 0) return [out, at + 13];
      const count = view.getUint32(at + 4, true);
      const nameLength = bytes[at + 12];
      const name = text.decode(bytes.subarray(at + 13, at + 13 + nameLength));
      let p = at + 13 + nameLength;
      const props: unknown[] = [];
      for (let k = 0; k < count; k++) {
        const type = String.fromCharCode(bytes[p++]);
        if (type === 'C') props.push(bytes[p++] !== 0);
        else if (type === 'I') props.push(view.getInt32(p, true)), (p += 4);
        else if (type === 'L') props.push(view.getBigInt64(p, true)), (p += 8);
        else if (type === 'D') props.push(view.getFloat64(p, true)), (p += 8);
        else if (type === 'F') props.push(view.getFloat32(p, true)), (p += 4);
        else if (type === 'S' || type === 'R') {
          const length = view.getUint32(p, true);
          const raw = bytes.slice(p + 4, p + 4 + length);
          props.push(type === 'S' ? text.decode(raw) : raw);
          p += 4 + length;
        } else {
          const length = view.getUint32(p, true);
          const encoding = view.getUint32(p + 4, true);
          const size = view.getUint32(p + 8, true);
          let data = bytes.slice(p + 12, p + 12 + size);
          if (encoding === 1) data = new Uint8Array(inflateSync(data));
          const buffer = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
          const typed =
            type === 'i'
              ? new Int32Array(buffer)
              : type === 'd'
                ? new Float64Array(buffer)
                : type === 'f'
                  ? new Float32Array(buffer)
                  : new BigInt64Array(buffer);
          if (typed.length !== length) throw new Error(`array ${name} length ${typed.length} != ${length}`);
          props.push(typed);
          p += 12 + size;
        }
      }
      const [children] = p < endOffset ? readList(p, endOffset) : [[]];
      out.push({ name, props, children });
      at = endOffset;
    }
    return [out, at];
  };
  const [records] = readList(27, bytes.length - 160);
  return { version, records };
}

export function findRecords(records: FbxRecord[], name: string): FbxRecord[] {
  const out: FbxRecord[] = [];
  const walk = (list: FbxRecord[]) => {
    for (const record of list) {
      if (record.name === name) out.push(record);
      walk(record.children);
    }
  };
  walk(records);
  return out;
}

/** Polygon sizes from a PolygonVertexIndex array (a negative index closes a polygon). */
export function polygonSizes(polygonVertexIndex: Int32Array): number[] {
  const sizes: number[] = [];
  let current = 0;
  for (const index of polygonVertexIndex) {
    current++;
    if (index < 0) {
      sizes.push(current);
      current = 0;
    }
  }
  return sizes;
}
