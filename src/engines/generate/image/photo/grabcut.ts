/**
 * GrabCut-style segmentation at a working resolution: one Gaussian mixture per side, a data term
 * from their likelihoods (plus a soft prior from the saliency estimate and an optional extra cost of
 * calling a pixel object, used for shadows), a contrast-sensitive smoothness term on the 8-connected
 * grid (optionally scaled by the contrast around each pixel: local-contrast.ts), and a minimum cut
 * (maxflow.ts); the models are refitted to the new split each round. The
 * background model may be fitted to the surroundings of the object only (local-background.ts).
 */
import { initGmm, negLogLikelihood, refitGmm, type Gmm } from './gmm.ts';
import { createGridGraph, minCut, retargetTerminals, type GridGraph } from './maxflow.ts';
import { localBackground } from './local-background.ts';
import { localContrastBeta, squaredStep } from './local-contrast.ts';
import type { Random } from './random.ts';
import { backgroundOrShadowCost } from './shadow.ts';
import { colourPalette, type Palette } from './palette.ts';

export interface GrabCutOptions {
  /** Rounds of refit + cut (default 4). */
  rounds?: number;
  /** Gaussians per side (default 5). */
  components?: number;
  /** Weight of the smoothness term (default 50, GrabCut's). */
  smoothness?: number;
  /** Weight of the saliency prior in the data term (default 3). */
  priorWeight?: number;
  /**
   * Fit the background model only to the ring of background within this many pixels of the current
   * object, and hold everything farther out as background (local-background.ts). Default: off, the
   * whole picture's background.
   */
  localBackground?: number;
  /**
   * Measure colour steps against the mean step around each pixel rather than the whole picture's
   * (local-contrast.ts): the window's half-size in pixels. Default: off.
   */
  localContrast?: number;
  /**
   * Multiplies GrabCut's β (default 1). Above 1, smaller colour steps already count as edges: a pale
   * object on a pale sky is outlined by a step far below the picture's mean when the photograph also
   * holds strong contrast (a dark coat, grass), and at β×1 the smoothness term shaves it away.
   */
  edgeSharpness?: number;
}

export interface GrabCutInput {
  /** 3 floats per pixel (L*a*b*). */
  colours: Float32Array;
  width: number;
  height: number;
  /** 0–1 per pixel: how likely the pixel is object before any colour model. */
  prior: Float32Array;
  /** Threshold on `prior` for the first split. */
  threshold: number;
  /** Pixels fixed as background (1 = fixed). */
  fixedBackground?: Uint8Array;
  /** Pixels fixed as object (1 = fixed). */
  fixedObject?: Uint8Array;
  /** Extra cost (data-term units) of calling each pixel object. */
  objectCost?: Float32Array;
  /** Explain darker copies of background colours as background in shadow (default true). */
  shadows?: boolean;
  /** `colours`' distinct colours (palette.ts), when the caller cuts the same picture several times; made here otherwise. */
  palette?: Palette;
  /** What cuts of the same picture share (grabCutShared), when the caller cuts it several times. */
  shared?: GrabCutShared;
}

export interface GrabCutResult {
  mask: Uint8Array;
  /** Per pixel: −log p(colour | background) + log p(colour | object); > 0 leans object. */
  evidence: Float32Array;
  /** The final colour models (absent when the first split left one side nearly empty). */
  object?: Gmm;
  background?: Gmm;
}

const SCALE = 32;
const HARD = 1 << 20;

function indicesOf(mask: Uint8Array, value: number): Int32Array {
  let count = 0;
  for (const v of mask) if (v === value) count++;
  const out = new Int32Array(count);
  let i = 0;
  for (let p = 0; p < mask.length; p++) if (mask[p] === value) out[i++] = p;
  return out;
}

/** β of GrabCut: the inverse of twice the mean squared colour difference between neighbours. */
function contrastBeta(colours: Float32Array, width: number, height: number): number {
  let sum = 0,
    count = 0;
  // Pixel by pixel, each one's right, lower, lower-right and upper-right neighbour (maxflow.ts k = 0, 2, 4, 6).
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      for (let k = 0; k < 4; k++) {
        const qx = x + FORWARD_DX[k],
          qy = y + FORWARD_DY[k];
        if (qx >= width || qy < 0 || qy >= height) continue;
        sum += squaredStep(colours, p, qy * width + qx);
        count++;
      }
    }
  return sum > 0 ? count / (2 * sum) : 0;
}

/** maxflow.ts's neighbours k = 0, 2, 4, 6: one edge of every neighbour pair. */
const FORWARD_DX = [1, 0, 1, 1];
const FORWARD_DY = [0, 1, 1, -1];

/**
 * What every cut of one picture shares: GrabCut's β and the smoothness capacities, which depend on the
 * picture and the smoothness settings only, so the starts that share settings share them.
 */
export interface GrabCutShared {
  beta?: number;
  capacities: Map<string, Int32Array>;
}

export function grabCutShared(): GrabCutShared {
  return { capacities: new Map() };
}

/** The contrast-sensitive neighbour capacities (maxflow.ts layout), from `shared` when it has them. */
function smoothnessCapacities(
  colours: Float32Array,
  width: number,
  height: number,
  smoothness: number,
  sharpness: number,
  localContrast: number | undefined,
  shared: GrabCutShared = grabCutShared(),
): Int32Array {
  const key = `${smoothness}/${sharpness}/${localContrast ?? 0}`;
  const known = shared.capacities.get(key);
  if (known) return known;
  shared.beta ??= contrastBeta(colours, width, height);
  const beta = shared.beta * sharpness;
  const localBeta = localContrast ? localContrastBeta(colours, width, height, { radius: localContrast }) : undefined;
  const capacity = new Int32Array(width * height * 8);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      for (let j = 0; j < 4; j++) {
        const qx = x + FORWARD_DX[j],
          qy = y + FORWARD_DY[j];
        if (qx >= width || qy < 0 || qy >= height) continue;
        const q = qy * width + qx;
        const k = j * 2;
        const d2 = squaredStep(colours, p, q);
        const b = localBeta ? ((localBeta[p] + localBeta[q]) / 2) * sharpness : beta;
        const weight = Math.round(SCALE * (smoothness / (k >= 4 ? Math.SQRT2 : 1)) * Math.exp(-b * d2));
        if (!weight) continue;
        capacity[p * 8 + k] = weight;
        capacity[q * 8 + (k ^ 1)] = weight;
      }
    }
  shared.capacities.set(key, capacity);
  return capacity;
}

export function grabCut(input: GrabCutInput, random: Random, options: GrabCutOptions = {}): GrabCutResult {
  const { colours, width, height, prior, threshold, fixedBackground, fixedObject, objectCost } = input;
  const n = width * height;
  const components = options.components ?? 5;
  const smoothness = options.smoothness ?? 50;
  const priorWeight = options.priorWeight ?? 3;
  const sharpness = options.edgeSharpness ?? 1;
  const edges = smoothnessCapacities(
    colours,
    width,
    height,
    smoothness,
    sharpness,
    options.localContrast,
    input.shared,
  );
  let mask: Uint8Array = new Uint8Array(n);
  for (let p = 0; p < n; p++) mask[p] = (prior[p] >= threshold || fixedObject?.[p]) && !fixedBackground?.[p] ? 1 : 0;
  let object: Gmm | undefined, background: Gmm | undefined;
  const evidence = new Float32Array(n);
  const palette = input.palette ?? colourPalette(colours);
  const objectCosts = new Float64Array(palette.size);
  const backgroundCosts = new Float64Array(palette.size);
  const rounds = options.rounds ?? 4;
  let graph: GridGraph | undefined;
  const terminals = new Int32Array(n);
  const previousTerminals = new Int32Array(n);
  for (let round = 0; round < rounds; round++) {
    const local = options.localBackground ? localBackground(mask, width, height, options.localBackground) : undefined;
    const fg = indicesOf(mask, 1),
      bg = local ? local.ring : indicesOf(mask, 0);
    if (fg.length < 8 || bg.length < 8) break;
    object = object ? refitGmm(object, colours, fg, palette) : initGmm(colours, fg, components, random, palette);
    background = background
      ? refitGmm(background, colours, bg, palette)
      : initGmm(colours, bg, components, random, palette);
    // The data term per distinct colour, then per pixel by lookup.
    for (let e = 0; e < palette.size; e++) {
      const r = palette.colours[e * 3],
        g = palette.colours[e * 3 + 1],
        b = palette.colours[e * 3 + 2];
      objectCosts[e] = negLogLikelihood(object, r, g, b);
      backgroundCosts[e] =
        input.shadows === false ? negLogLikelihood(background, r, g, b) : backgroundOrShadowCost(background, r, g, b);
    }
    for (let p = 0; p < n; p++) {
      const e = palette.index[p];
      const costObject = objectCosts[e];
      const costBackground = backgroundCosts[e];
      evidence[p] = costBackground - costObject;
      const s = prior[p];
      const bias =
        s >= threshold ? (s - threshold) / Math.max(1e-6, 1 - threshold) : -(threshold - s) / Math.max(1e-6, threshold);
      const net = costBackground - costObject - (objectCost?.[p] ?? 0) + priorWeight * bias;
      terminals[p] =
        fixedBackground?.[p] || local?.beyond[p] ? -HARD : fixedObject?.[p] ? HARD : Math.round(SCALE * net);
    }
    // Only the terminal capacities change between rounds: the next round's cut starts from the flow
    // the last one found (maxflow.ts retargetTerminals), which gives the same cut with less augmenting.
    if (graph) retargetTerminals(graph, previousTerminals, terminals);
    else {
      graph = createGridGraph(width, height);
      graph.capacity.set(edges);
      graph.terminal.set(terminals);
    }
    previousTerminals.set(terminals);
    const next = minCut(graph).source;
    let changed = 0;
    for (let p = 0; p < n; p++) if (next[p] !== mask[p]) changed++;
    mask = next;
    if (changed < n * 0.001) break;
  }
  return { mask, evidence, object, background };
}
