/** `preview.webp`: a lit three-quarter view of the asset, optionally exploded into coloured pieces. */
import sharp from 'sharp';
import type { Scene } from '../mesh.ts';
import { add, boundsCentre, length, perspectiveCamera, scale, sub, type Vec3 } from './camera.ts';
import { renderScene, sceneBounds } from './render-scene.ts';
import { placedMeshes } from './world-geometry.ts';

export interface PreviewOptions {
  /** Move every root node (piece) outward from the scene centre and draw each in its own colour. */
  explode?: boolean;
  /** Picture edge in pixels (square); default 512. */
  size?: number;
  /** RGBA background; default a light grey, opaque (webp viewers vary in how they show alpha). */
  background?: [number, number, number, number];
  /** How far pieces move, as a fraction of their distance from the centre (default 0.6). */
  explodeFactor?: number;
}

/** Distinct, saturated colours (golden-angle hues), linear RGB. */
export function pieceColor(index: number): Vec3 {
  const hue = (index * 137.508) % 360;
  const [r, g, b] = hslToRgb(hue / 360, 0.65, 0.55);
  const lin = (c: number) => (c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4));
  return [lin(r), lin(g), lin(b)];
}

function hslToRgb(h: number, s: number, l: number): Vec3 {
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    t = ((t % 1) + 1) % 1;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  return [channel(h + 1 / 3), channel(h), channel(h - 1 / 3)];
}

/** World centre of each root node's geometry (vertex average of its bounds). */
function pieceCentres(scene: Scene): Vec3[] {
  const min = scene.roots.map((): Vec3 => [Infinity, Infinity, Infinity]);
  const max = scene.roots.map((): Vec3 => [-Infinity, -Infinity, -Infinity]);
  for (const { mesh, matrix: m, piece } of placedMeshes(scene)) {
    const p = mesh.positions;
    for (let i = 0; i < p.length; i += 3) {
      const w: Vec3 = [
        m[0] * p[i] + m[4] * p[i + 1] + m[8] * p[i + 2] + m[12],
        m[1] * p[i] + m[5] * p[i + 1] + m[9] * p[i + 2] + m[13],
        m[2] * p[i] + m[6] * p[i + 1] + m[10] * p[i + 2] + m[14],
      ];
      for (let k = 0; k < 3; k++) {
        if (w[k] < min[piece][k]) min[piece][k] = w[k];
        if (w[k] > max[piece][k]) max[piece][k] = w[k];
      }
    }
  }
  return min.map((lo, i) => (Number.isFinite(lo[0]) ? boundsCentre({ min: lo, max: max[i] }) : [0, 0, 0]));
}

export async function renderPreview(input: Scene, options: PreviewOptions = {}): Promise<Uint8Array> {
  const scene = options.explode ? piecesOf(input) : input;
  const size = options.size ?? 512;
  let offsets: Vec3[] | undefined;
  let colors: Vec3[] | undefined;
  if (options.explode) {
    const centre = boundsCentre(sceneBounds(scene));
    const factor = options.explodeFactor ?? 0.6;
    offsets = pieceCentres(scene).map((c) => scale(sub(c, centre), factor));
    colors = scene.roots.map((_, i) => pieceColor(i));
  }
  // Frame the (possibly exploded) bounds from a raised front-right three-quarter position.
  const bounds = sceneBounds(offsets ? explodedScene(scene, offsets) : scene);
  const centre = boundsCentre(bounds);
  const radius = Math.max(1e-9, 0.5 * length(sub(bounds.max, bounds.min)));
  const fov = 30;
  const distance = (radius * 1.08) / Math.sin(((fov / 2) * Math.PI) / 180);
  const azimuth = (35 * Math.PI) / 180;
  const elevation = (22 * Math.PI) / 180;
  const direction: Vec3 = [
    Math.sin(azimuth) * Math.cos(elevation),
    Math.sin(elevation),
    Math.cos(azimuth) * Math.cos(elevation),
  ];
  const camera = perspectiveCamera({
    position: add(centre, scale(direction, distance)),
    target: centre,
    fovYDegrees: fov,
  });
  const image = await renderScene(scene, camera, {
    width: size,
    height: size,
    background: options.background ?? [236, 236, 236, 255],
    pieceOffsets: offsets,
    pieceColors: colors,
  });
  const webp = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } })
    .webp({ quality: 85 })
    .toBuffer();
  return new Uint8Array(webp.buffer, webp.byteOffset, webp.byteLength);
}

function explodedScene(scene: Scene, offsets: Vec3[]): Scene {
  return {
    materials: scene.materials,
    roots: scene.roots.map((root, i) => ({ ...root, translation: add(root.translation, offsets[i]) })),
  };
}

/**
 * The pieces of a scene are its root nodes; a lone untransformed, meshless root with several children
 * (a wrapper node some files have) is looked through so its children count as the pieces.
 */
export function piecesOf(scene: Scene): Scene {
  if (scene.roots.length !== 1) return scene;
  const root = scene.roots[0];
  const identity =
    root.translation.every((v) => v === 0) &&
    root.scale.every((v) => v === 1) &&
    root.rotation[0] === 0 &&
    root.rotation[1] === 0 &&
    root.rotation[2] === 0;
  if (root.mesh || root.children.length < 2 || !identity) return scene;
  return { materials: scene.materials, roots: root.children };
}
