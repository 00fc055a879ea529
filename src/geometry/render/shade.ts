/**
 * The shading pass: turns rasterised buffers into colours from the scene's materials (base colour
 * factor × sRGB texture, sampled bilinearly at perspective-correct UVs) and a simple light rig
 * (ambient + Lambert directional lights). Unlit materials (the Shaded variant) skip the lights.
 */
import type { Material, RasterImage } from '../mesh.ts';
import type { CameraBasis, Vec3 } from './camera.ts';
import type { RasterBuffers } from './rasterize.ts';
import type { WorldGeometry } from './world-geometry.ts';
import { roundHalfUp } from '../rounding.ts';

export interface DirectionalLight {
  /** Direction the light travels (from the light into the scene), world space. */
  direction: Vec3;
  /** Linear intensity (1 = full white). */
  intensity: number;
}

export interface LightRig {
  /** Linear ambient intensity (default 0.35). */
  ambient: number;
  directional: DirectionalLight[];
}

/** A key light over the camera's left shoulder and a weak fill from the right. */
export function defaultLights(basis: CameraBasis): LightRig {
  const key: Vec3 = [0, 0, 0];
  const fill: Vec3 = [0, 0, 0];
  for (let k = 0; k < 3; k++) {
    key[k] = basis.forward[k] + 0.6 * basis.right[k] - 0.8 * basis.up[k];
    fill[k] = basis.forward[k] - 0.8 * basis.right[k] + 0.2 * basis.up[k];
  }
  return {
    ambient: 0.35,
    directional: [
      { direction: unit(key), intensity: 0.75 },
      { direction: unit(fill), intensity: 0.2 },
    ],
  };
}

function unit(v: Vec3): Vec3 {
  const l = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / l, v[1] / l, v[2] / l];
}

const SRGB_TO_LINEAR = new Float32Array(256).map((_, i) => {
  const c = i / 255;
  return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
});
const LINEAR_TO_SRGB = new Uint8Array(4096).map((_, i) => {
  const c = i / 4095;
  const s = c <= 0.0031308 ? c * 12.92 : 1.055 * Math.pow(c, 1 / 2.4) - 0.055;
  return Math.round(Math.min(1, Math.max(0, s)) * 255);
});

export function linearToSrgbByte(c: number): number {
  return LINEAR_TO_SRGB[Math.max(0, Math.min(4095, roundHalfUp(c * 4095)))];
}

export function srgbByteToLinear(b: number): number {
  return SRGB_TO_LINEAR[b];
}

/** Bilinear sample of an sRGB image at glTF UV (repeat wrapping), written linear into out[0..3]. */
function sampleTexture(image: RasterImage, u: number, v: number, out: Float32Array): void {
  const { width: W, height: H, channels: C, data } = image;
  const x = u * W - 0.5;
  const y = v * H - 0.5;
  const fx = Math.floor(x);
  const fy = Math.floor(y);
  const tx = x - fx;
  const ty = y - fy;
  const xa = ((fx % W) + W) % W;
  const xb = (xa + 1) % W;
  const ya = ((fy % H) + H) % H;
  const yb = (ya + 1) % H;
  const w00 = (1 - tx) * (1 - ty),
    w10 = tx * (1 - ty),
    w01 = (1 - tx) * ty,
    w11 = tx * ty;
  const i00 = (ya * W + xa) * C,
    i10 = (ya * W + xb) * C,
    i01 = (yb * W + xa) * C,
    i11 = (yb * W + xb) * C;
  const colourChannels = C >= 3 ? 3 : 1;
  for (let k = 0; k < 3; k++) {
    const ck = colourChannels === 3 ? k : 0;
    out[k] =
      SRGB_TO_LINEAR[data[i00 + ck]] * w00 +
      SRGB_TO_LINEAR[data[i10 + ck]] * w10 +
      SRGB_TO_LINEAR[data[i01 + ck]] * w01 +
      SRGB_TO_LINEAR[data[i11 + ck]] * w11;
  }
  const alphaChannel = C === 4 ? 3 : C === 2 ? 1 : -1;
  out[3] =
    alphaChannel < 0
      ? 1
      : (data[i00 + alphaChannel] * w00 +
          data[i10 + alphaChannel] * w10 +
          data[i01 + alphaChannel] * w01 +
          data[i11 + alphaChannel] * w11) /
        255;
}

export interface ShadeOptions {
  materials: Material[];
  /** Decoded base colour textures by material index (undefined where none). */
  textures: (RasterImage | undefined)[];
  lights: LightRig;
  basis: CameraBasis;
  /** Draw every material unlit. */
  unlit: boolean;
  /** RGBA bytes where nothing was drawn. */
  background: [number, number, number, number];
  /** Per-piece colour overrides (linear RGB), e.g. for exploded previews. */
  pieceColors?: Vec3[];
}

export function shade(geometry: WorldGeometry, buffers: RasterBuffers, options: ShadeOptions): RasterImage {
  const { width, height, triangle, bary } = buffers;
  const { positions: P, normals: N, uvs: UV, indices: I } = geometry;
  const data = new Uint8Array(width * height * 4);
  const texel = new Float32Array(4);
  const [bgR, bgG, bgB, bgA] = options.background;
  const forward = options.basis.forward;
  const fallback = { name: 'missing', baseColor: [0.8, 0.8, 0.8, 1], metallic: 0, roughness: 0.6 } as Material;
  for (let p = 0; p < width * height; p++) {
    const t = triangle[p];
    const o = p * 4;
    if (t < 0) {
      data[o] = bgR;
      data[o + 1] = bgG;
      data[o + 2] = bgB;
      data[o + 3] = bgA;
      continue;
    }
    const b1 = bary[p * 2];
    const b2 = bary[p * 2 + 1];
    const b0 = 1 - b1 - b2;
    const ia = I[t * 3],
      ib = I[t * 3 + 1],
      ic = I[t * 3 + 2];
    const materialIndex = geometry.triMaterial[t];
    const material = options.materials[materialIndex] ?? fallback;
    let r: number, g: number, b: number;
    const pieceColor = options.pieceColors?.[geometry.triPiece[t]];
    if (pieceColor) {
      [r, g, b] = pieceColor;
    } else {
      r = material.baseColor[0];
      g = material.baseColor[1];
      b = material.baseColor[2];
      const image = options.textures[materialIndex];
      if (image && geometry.hasUv[ia]) {
        const u = UV[ia * 2] * b0 + UV[ib * 2] * b1 + UV[ic * 2] * b2;
        const v = UV[ia * 2 + 1] * b0 + UV[ib * 2 + 1] * b1 + UV[ic * 2 + 1] * b2;
        sampleTexture(image, u, v, texel);
        r *= texel[0];
        g *= texel[1];
        b *= texel[2];
      }
    }
    if (!(options.unlit || (material.unlit && !pieceColor))) {
      let nx: number, ny: number, nz: number;
      if (geometry.flat[t]) {
        const ax = P[ia * 3],
          ay = P[ia * 3 + 1],
          az = P[ia * 3 + 2];
        const ux = P[ib * 3] - ax,
          uy = P[ib * 3 + 1] - ay,
          uz = P[ib * 3 + 2] - az;
        const vx = P[ic * 3] - ax,
          vy = P[ic * 3 + 1] - ay,
          vz = P[ic * 3 + 2] - az;
        nx = uy * vz - uz * vy;
        ny = uz * vx - ux * vz;
        nz = ux * vy - uy * vx;
      } else {
        nx = N[ia * 3] * b0 + N[ib * 3] * b1 + N[ic * 3] * b2;
        ny = N[ia * 3 + 1] * b0 + N[ib * 3 + 1] * b1 + N[ic * 3 + 1] * b2;
        nz = N[ia * 3 + 2] * b0 + N[ib * 3 + 2] * b1 + N[ic * 3 + 2] * b2;
      }
      const l = Math.sqrt(nx * nx + ny * ny + nz * nz) || 1;
      nx /= l;
      ny /= l;
      nz /= l;
      // Two-sided lighting: the side facing the camera is the one lit.
      if (nx * forward[0] + ny * forward[1] + nz * forward[2] > 0) {
        nx = -nx;
        ny = -ny;
        nz = -nz;
      }
      let light = options.lights.ambient;
      for (const d of options.lights.directional) {
        const lambert = -(nx * d.direction[0] + ny * d.direction[1] + nz * d.direction[2]);
        if (lambert > 0) light += lambert * d.intensity;
      }
      r *= light;
      g *= light;
      b *= light;
    }
    data[o] = linearToSrgbByte(r);
    data[o + 1] = linearToSrgbByte(g);
    data[o + 2] = linearToSrgbByte(b);
    data[o + 3] = 255;
  }
  return { width, height, channels: 4, data };
}
