/** The colour each material has when the prompt names none (sRGB 0–1). */
import type { MaterialKind } from '../understand/index.ts';
import type { RGB } from './kit.ts';

export const DEFAULT_COLOURS: Record<MaterialKind, RGB> = {
  wood: [0.55, 0.36, 0.2],
  metal: [0.62, 0.63, 0.65],
  gold: [0.92, 0.74, 0.32],
  silver: [0.86, 0.86, 0.88],
  bronze: [0.72, 0.47, 0.22],
  copper: [0.76, 0.46, 0.32],
  stone: [0.56, 0.54, 0.5],
  marble: [0.92, 0.91, 0.89],
  glass: [0.72, 0.86, 0.9],
  ceramic: [0.93, 0.91, 0.87],
  fabric: [0.36, 0.45, 0.62],
  leather: [0.42, 0.24, 0.13],
  plastic: [0.85, 0.22, 0.2],
  rubber: [0.1, 0.1, 0.11],
  ice: [0.8, 0.92, 1.0],
  wax: [0.96, 0.93, 0.82],
  paper: [0.9, 0.87, 0.8],
  bone: [0.9, 0.87, 0.78],
  clay: [0.74, 0.42, 0.27],
  organic: [0.45, 0.62, 0.3],
};
