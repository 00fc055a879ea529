/**
 * Procedural PBR surfaces: for a point and normal on the asset (object space, largest side 1) each
 * material kind returns a base colour (sRGB, tinted by the prompt's colour), roughness, metallic and a
 * height used for the normal map. Frequencies are in cycles per asset size.
 */
import type { MaterialKind } from '../understand/index.ts';
import { fbm, type Noise3 } from './noise.ts';

export interface SurfaceSample {
  r: number;
  g: number;
  b: number;
  roughness: number;
  metallic: number;
  /** Relief in [-1, 1] (0 = flat): wood grain, stone pits, weave, leather creases. */
  height: number;
}

export interface ShaderStyle {
  weathered: boolean;
  /** Low-poly / cartoon: flat colours with only faint variation. */
  flat: boolean;
  /**
   * Fast mode: one noise lookup per texel (broad mottling in the material's colour and finish)
   * instead of the full grain/vein/weave patterns.
   */
  fast?: boolean;
}

/**
 * The point and normal come as the baker's reused arrays, not six numbers: the call site is per
 * material (never inlined), and V8 boxes every floating-point argument of a call it does not inline,
 * which per texel was most of the bake's garbage.
 */
export type SurfaceShader = (point: Float32Array, normal: Float32Array, out: SurfaceSample) => void;

const clamp = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);
const mix = (a: number, b: number, t: number) => a + (b - a) * t;

/** Roughness and metallic of each kind, before procedural variation. */
export const MATERIAL_PBR: Record<MaterialKind, { roughness: number; metallic: number }> = {
  wood: { roughness: 0.62, metallic: 0 },
  metal: { roughness: 0.38, metallic: 1 },
  gold: { roughness: 0.25, metallic: 1 },
  silver: { roughness: 0.22, metallic: 1 },
  bronze: { roughness: 0.35, metallic: 1 },
  copper: { roughness: 0.32, metallic: 1 },
  stone: { roughness: 0.88, metallic: 0 },
  marble: { roughness: 0.2, metallic: 0 },
  glass: { roughness: 0.05, metallic: 0 },
  ceramic: { roughness: 0.18, metallic: 0 },
  fabric: { roughness: 0.92, metallic: 0 },
  leather: { roughness: 0.55, metallic: 0 },
  plastic: { roughness: 0.35, metallic: 0 },
  rubber: { roughness: 0.9, metallic: 0 },
  ice: { roughness: 0.08, metallic: 0 },
  wax: { roughness: 0.45, metallic: 0 },
  paper: { roughness: 0.95, metallic: 0 },
  bone: { roughness: 0.6, metallic: 0 },
  clay: { roughness: 0.8, metallic: 0 },
  organic: { roughness: 0.55, metallic: 0 },
};

export function createShader(
  kind: MaterialKind,
  colour: [number, number, number],
  noise: Noise3,
  style: ShaderStyle,
): SurfaceShader {
  const [cr, cg, cb] = colour;
  const base = MATERIAL_PBR[kind];
  const amount = style.flat ? 0.25 : 1;
  const set = (out: SurfaceSample, k: number, rough: number, metal: number, height: number) => {
    const f = 1 + (k - 1) * amount;
    out.r = clamp(cr * f);
    out.g = clamp(cg * f);
    out.b = clamp(cb * f);
    out.roughness = clamp(rough);
    out.metallic = metal;
    out.height = height * amount;
  };
  const wear = (x: number, y: number, z: number, out: SurfaceSample) => {
    if (!style.weathered) return;
    const w = fbm(noise, x * 6 + 11, y * 6, z * 6, 3);
    if (w > 0.25) {
      const t = Math.min(1, (w - 0.25) * 3);
      const dark =
        kind === 'metal' || kind === 'bronze' || kind === 'copper'
          ? [0.45, 0.22, 0.08]
          : [out.r * 0.6, out.g * 0.58, out.b * 0.55];
      out.r = mix(out.r, dark[0], t);
      out.g = mix(out.g, dark[1], t);
      out.b = mix(out.b, dark[2], t);
      out.roughness = mix(out.roughness, 0.95, t);
      out.metallic *= 1 - t;
    }
  };
  if (style.fast) {
    return (point, _normal, out) => {
      const x = point[0],
        y = point[1],
        z = point[2];
      const n = noise(x * 7, y * 7, z * 7);
      set(out, 1 + n * 0.1, base.roughness + n * 0.05, base.metallic, 0);
    };
  }
  switch (kind) {
    case 'wood':
      return (point, _normal, out) => {
        const x = point[0],
          y = point[1],
          z = point[2];
        // Growth rings around the vertical axis, warped so they wander like real grain.
        const warp = fbm(noise, x * 3, y * 0.6, z * 3, 2) * 0.35;
        const r = Math.sqrt(x * x + z * z) * 28 + warp * 6 + noise(x * 40, y * 3, z * 40) * 0.4;
        const sr = Math.sin(r * Math.PI);
        const s2 = sr * sr;
        const ring = s2 * s2 * s2;
        const streak = noise(x * 90, y * 6, z * 90) * 0.08;
        set(out, 1.08 - ring * 0.35 + streak, base.roughness + ring * 0.15, 0, -ring + streak * 2);
        wear(x, y, z, out);
      };
    case 'metal':
    case 'gold':
    case 'silver':
    case 'bronze':
    case 'copper':
      return (point, normal, out) => {
        const x = point[0],
          y = point[1],
          z = point[2];
        const nx = normal[0],
          nz = normal[2];
        // Brushed: fine streaks along the surface's horizontal direction.
        const streaks =
          noise(x * 4, y * 320, z * 4) * 0.5 +
          noise(x * 700 * (1 - Math.abs(nx)), y * 3, z * 700 * (1 - Math.abs(nz))) * 0.5;
        const smudge = fbm(noise, x * 5, y * 5, z * 5, 2);
        set(out, 1 + streaks * 0.05 + smudge * 0.04, base.roughness + streaks * 0.08 + smudge * 0.1, 1, streaks * 0.2);
        wear(x, y, z, out);
      };
    case 'stone':
    case 'clay':
      return (point, _normal, out) => {
        const x = point[0],
          y = point[1],
          z = point[2];
        const n = fbm(noise, x * 9, y * 9, z * 9, 3);
        const speck = noise(x * 160, y * 160, z * 160);
        const pit = speck > 0.55 ? -0.6 : 0;
        set(out, 1 + n * 0.22 + speck * 0.06 + pit * 0.3, base.roughness + n * 0.05, 0, n + pit);
        wear(x, y, z, out);
      };
    case 'marble':
      return (point, _normal, out) => {
        const x = point[0],
          y = point[1],
          z = point[2];
        const t = Math.sin((x + y * 0.6 + z * 0.3) * 14 + fbm(noise, x * 4, y * 4, z * 4, 3) * 7);
        const vein = Math.pow(1 - Math.abs(t), 18);
        set(out, 1 - vein * 0.45 + noise(x * 30, y * 30, z * 30) * 0.03, base.roughness + vein * 0.1, 0, -vein * 0.3);
      };
    case 'fabric':
    case 'paper':
      return (point, normal, out) => {
        const x = point[0],
          y = point[1],
          z = point[2];
        const nx = normal[0],
          ny = normal[1],
          nz = normal[2];
        // Weave on the two axes across the dominant normal direction (a triplanar choice).
        const ax = Math.abs(nx),
          ay = Math.abs(ny),
          az = Math.abs(nz);
        const [u, v] = ax > ay && ax > az ? [y, z] : ay > az ? [x, z] : [x, y];
        const f = kind === 'paper' ? 0 : 260;
        const weave = f ? Math.sin(u * f) * Math.sin(v * f) : 0;
        const fibres = noise(x * 120, y * 120, z * 120) * 0.05;
        const blotch = fbm(noise, x * 6, y * 6, z * 6, 2) * 0.06;
        set(out, 1 + weave * 0.07 + fibres + blotch, base.roughness + weave * 0.04, 0, weave * 0.5);
        wear(x, y, z, out);
      };
    case 'leather':
      return (point, _normal, out) => {
        const x = point[0],
          y = point[1],
          z = point[2];
        const cells = Math.abs(noise(x * 70, y * 70, z * 70));
        const crease = cells < 0.08 ? 1 - cells / 0.08 : 0;
        const mottle = fbm(noise, x * 7, y * 7, z * 7, 2) * 0.1;
        set(out, 1 - crease * 0.2 + mottle, base.roughness + crease * 0.15, 0, -crease);
        wear(x, y, z, out);
      };
    case 'ceramic':
    case 'glass':
    case 'ice':
    case 'plastic':
      return (point, _normal, out) => {
        const x = point[0],
          y = point[1],
          z = point[2];
        // Glaze pooling / faint cloudiness.
        const cloud = fbm(noise, x * 5, y * 5, z * 5, 3);
        set(
          out,
          1 + cloud * (kind === 'plastic' ? 0.02 : 0.07),
          base.roughness + Math.abs(cloud) * 0.05,
          0,
          cloud * 0.05,
        );
        wear(x, y, z, out);
      };
    default:
      return (point, _normal, out) => {
        const x = point[0],
          y = point[1],
          z = point[2];
        // Organic, rubber, wax, bone: soft mottling with fine pores.
        const m = fbm(noise, x * 8, y * 8, z * 8, 3);
        const pore = noise(x * 200, y * 200, z * 200) * 0.04;
        set(out, 1 + m * 0.12 + pore, base.roughness + m * 0.08, 0, m * 0.3 + pore * 4);
        wear(x, y, z, out);
      };
  }
}
