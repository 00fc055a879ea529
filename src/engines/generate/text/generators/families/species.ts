/**
 * The quadruped rig's proportions table: one row per profile (see ../../catalog/families.yaml), in the
 * rig's units. body: half-lengths of the torso (length, height, width); leg: leg length; neck, head,
 * snout, tail: lengths/radii; extras switch on horns, a trunk, a mane, a hump, spines or a shell band.
 */
import type { RGB } from '../kit.ts';
import { DRUM_HEAD, WOOD } from '../palette.ts';

export interface Species {
  body: [number, number, number];
  leg: number;
  legR: number;
  neck: number;
  head: number;
  snout: number;
  tail: number;
  ear: 'pointy' | 'floppy' | 'round' | 'big' | 'long' | 'none';
  horns?: boolean;
  trunk?: boolean;
  mane?: boolean;
  hump?: boolean;
  spines?: boolean;
  antlers?: boolean;
  tusks?: boolean;
  /** Upright stance (kangaroo, meerkat): the torso tilts up and the front legs shorten. */
  upright?: boolean;
  /** A coat pattern and its colour (read from an animal's definition: "black-spotted"). */
  pattern?: 'spots' | 'stripes';
  patternColour?: RGB;
  /** Tufts on pointed ears (a lynx's). */
  tufts?: boolean;
  /** Horn length against the rig's default. */
  hornScale?: number;
  /** Membranous wings from the shoulders (a bat's). */
  wings?: boolean;
  /** Dark rings around the tail (a raccoon's, a red panda's). */
  tailRings?: RGB;
  colour: RGB;
  material: 'fabric' | 'organic';
}

const row = (
  body: [number, number, number],
  leg: number,
  legR: number,
  neck: number,
  head: number,
  snout: number,
  tail: number,
  ear: Species['ear'],
  colour: RGB,
  extra: Partial<Species> = {},
): Species => ({ body, leg, legR, neck, head, snout, tail, ear, colour, material: 'fabric', ...extra });

export const SPECIES: Record<string, Species> = {
  dog: row([0.32, 0.15, 0.13], 0.3, 0.045, 0.12, 0.1, 0.09, 0.22, 'floppy', WOOD),
  wolf: row([0.4, 0.17, 0.14], 0.38, 0.045, 0.14, 0.11, 0.12, 0.3, 'pointy', [0.5, 0.5, 0.52]),
  fox: row([0.3, 0.12, 0.1], 0.25, 0.035, 0.1, 0.09, 0.1, 0.35, 'pointy', [0.85, 0.42, 0.12]),
  cat: row([0.25, 0.1, 0.09], 0.2, 0.03, 0.06, 0.085, 0.03, 0.35, 'pointy', [0.55, 0.55, 0.55]),
  tiger: row([0.55, 0.2, 0.17], 0.38, 0.07, 0.1, 0.15, 0.07, 0.55, 'round', [0.9, 0.5, 0.12], {
    pattern: 'stripes',
    patternColour: [0.08, 0.06, 0.05],
  }),
  lion: row([0.55, 0.21, 0.18], 0.4, 0.07, 0.1, 0.15, 0.07, 0.5, 'round', [0.8, 0.62, 0.35], { mane: true }),
  leopard: row([0.45, 0.16, 0.13], 0.34, 0.05, 0.1, 0.12, 0.05, 0.5, 'round', [0.85, 0.7, 0.4], {
    pattern: 'spots',
    patternColour: [0.2, 0.14, 0.08],
  }),
  horse: row([0.7, 0.3, 0.25], 0.9, 0.07, 0.5, 0.14, 0.3, 0.5, 'pointy', [0.45, 0.28, 0.15], { mane: true }),
  zebra: row([0.62, 0.28, 0.23], 0.8, 0.065, 0.42, 0.13, 0.28, 0.45, 'pointy', [0.92, 0.92, 0.92], {
    mane: true,
    pattern: 'stripes',
    patternColour: [0.08, 0.08, 0.08],
  }),
  donkey: row([0.55, 0.26, 0.22], 0.62, 0.06, 0.32, 0.14, 0.26, 0.4, 'long', [0.55, 0.5, 0.45]),
  unicorn: row([0.7, 0.3, 0.25], 0.9, 0.07, 0.5, 0.14, 0.3, 0.5, 'pointy', [0.96, 0.95, 0.98], { mane: true }),
  deer: row([0.5, 0.22, 0.17], 0.8, 0.045, 0.45, 0.11, 0.18, 0.1, 'pointy', [0.65, 0.45, 0.28], { antlers: true }),
  giraffe: row([0.6, 0.32, 0.25], 1.3, 0.06, 1.5, 0.13, 0.25, 0.45, 'pointy', [0.9, 0.72, 0.4], {
    horns: true,
    pattern: 'spots',
    patternColour: [0.55, 0.33, 0.15],
  }),
  camel: row([0.7, 0.32, 0.25], 1.05, 0.07, 0.7, 0.14, 0.3, 0.4, 'round', [0.78, 0.62, 0.4], { hump: true }),
  llama: row([0.5, 0.25, 0.2], 0.75, 0.06, 0.75, 0.12, 0.15, 0.12, 'long', [0.92, 0.88, 0.8]),
  cow: row([0.8, 0.38, 0.32], 0.65, 0.09, 0.2, 0.18, 0.2, 0.5, 'round', [0.92, 0.9, 0.88], { horns: true }),
  bison: row([0.8, 0.45, 0.35], 0.55, 0.1, 0.1, 0.22, 0.15, 0.35, 'round', [0.35, 0.22, 0.12], {
    horns: true,
    hump: true,
  }),
  pig: row([0.5, 0.3, 0.28], 0.22, 0.07, 0.02, 0.2, 0.1, 0.1, 'floppy', [0.95, 0.65, 0.65], { material: 'organic' }),
  sheep: row([0.45, 0.3, 0.28], 0.35, 0.05, 0.1, 0.13, 0.1, 0.08, 'floppy', DRUM_HEAD),
  goat: row([0.42, 0.22, 0.18], 0.45, 0.045, 0.2, 0.12, 0.15, 0.08, 'pointy', [0.85, 0.82, 0.78], { horns: true }),
  elephant: row([1.2, 0.8, 0.7], 1.0, 0.22, 0.1, 0.5, 0.1, 0.6, 'big', [0.55, 0.55, 0.58], {
    trunk: true,
    tusks: true,
    material: 'organic',
  }),
  rhinoceros: row([1.1, 0.6, 0.5], 0.6, 0.18, 0.1, 0.35, 0.35, 0.3, 'pointy', [0.5, 0.5, 0.5], {
    horns: true,
    material: 'organic',
  }),
  hippopotamus: row([1.2, 0.6, 0.55], 0.45, 0.2, 0.05, 0.42, 0.3, 0.2, 'round', [0.5, 0.45, 0.5], {
    material: 'organic',
  }),
  rabbit: row([0.14, 0.12, 0.11], 0.06, 0.035, 0.04, 0.08, 0.03, 0.04, 'long', [0.85, 0.82, 0.78]),
  mouse: row([0.1, 0.06, 0.06], 0.04, 0.015, 0.02, 0.05, 0.04, 0.2, 'big', [0.6, 0.58, 0.55]),
  squirrel: row([0.12, 0.08, 0.07], 0.07, 0.02, 0.04, 0.055, 0.03, 0.28, 'pointy', [0.7, 0.4, 0.2]),
  dragon: row([0.6, 0.22, 0.2], 0.35, 0.06, 0.45, 0.13, 0.16, 0.9, 'pointy', [0.25, 0.5, 0.25], {
    horns: true,
    material: 'organic',
  }),
  bear: row([0.6, 0.35, 0.3], 0.4, 0.11, 0.1, 0.2, 0.1, 0.05, 'round', [0.4, 0.26, 0.15]),
  koala: row([0.22, 0.2, 0.18], 0.14, 0.06, 0.03, 0.15, 0.03, 0.02, 'big', [0.6, 0.6, 0.62], { upright: true }),
  raccoon: row([0.25, 0.13, 0.12], 0.15, 0.035, 0.05, 0.09, 0.07, 0.25, 'pointy', [0.5, 0.5, 0.5], {
    tailRings: [0.12, 0.12, 0.12],
  }),
  'red panda': row([0.27, 0.13, 0.12], 0.15, 0.035, 0.05, 0.1, 0.05, 0.4, 'pointy', [0.72, 0.3, 0.12], {
    tailRings: [0.45, 0.16, 0.06],
  }),
  hedgehog: row([0.16, 0.11, 0.12], 0.05, 0.025, 0.02, 0.07, 0.06, 0.01, 'round', [0.5, 0.4, 0.3], { spines: true }),
  otter: row([0.35, 0.1, 0.09], 0.1, 0.03, 0.1, 0.08, 0.05, 0.35, 'round', [0.42, 0.3, 0.2]),
  beaver: row([0.3, 0.16, 0.15], 0.1, 0.045, 0.04, 0.1, 0.05, 0.25, 'round', [0.45, 0.3, 0.18]),
  armadillo: row([0.25, 0.14, 0.13], 0.1, 0.03, 0.04, 0.07, 0.1, 0.25, 'pointy', [0.6, 0.52, 0.45], { spines: true }),
  kangaroo: row([0.35, 0.2, 0.16], 0.45, 0.05, 0.2, 0.1, 0.12, 0.6, 'long', [0.7, 0.48, 0.3], { upright: true }),
  sloth: row([0.3, 0.18, 0.16], 0.3, 0.04, 0.06, 0.1, 0.03, 0.02, 'none', [0.55, 0.48, 0.38]),
  badger: row([0.3, 0.14, 0.15], 0.12, 0.045, 0.05, 0.09, 0.09, 0.08, 'round', [0.35, 0.35, 0.35]),
  hyena: row([0.45, 0.2, 0.15], 0.5, 0.05, 0.2, 0.12, 0.12, 0.2, 'round', [0.7, 0.6, 0.42]),
  meerkat: row([0.12, 0.12, 0.08], 0.12, 0.02, 0.06, 0.05, 0.05, 0.15, 'round', [0.75, 0.62, 0.45], { upright: true }),
  quadruped: row([0.4, 0.18, 0.16], 0.35, 0.05, 0.15, 0.11, 0.1, 0.25, 'round', [0.55, 0.45, 0.35]),
};
