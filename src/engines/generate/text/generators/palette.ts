/**
 * The one palette of named colours (sRGB 0–1) the generators paint parts with: a colour is named and
 * declared here once, and a generator imports it by name. The material kind a part is drawn as
 * (metal, wood …) and its default colour are ./default-colours.ts; these are the colours a form
 * chooses itself (a tyre's black, a drum head's cream).
 */
import type { RGB } from './kit.ts';

export const ALIEN_GREY: RGB = [0.66, 0.7, 0.68];
export const BARN_RED: RGB = [0.62, 0.16, 0.12];
export const BLACK: RGB = [0.08, 0.08, 0.09];
export const BLACKENED_STEEL: RGB = [0.25, 0.25, 0.27];
export const BRASS: RGB = [0.85, 0.66, 0.25];
export const CERAMIC: RGB = [0.95, 0.94, 0.92];
export const CHROME: RGB = [0.78, 0.8, 0.83];
export const CONCRETE: RGB = [0.75, 0.74, 0.7];
export const DARK: RGB = [0.12, 0.12, 0.13];
export const DARK_BROWN: RGB = [0.12, 0.08, 0.05];
export const DARK_STEEL: RGB = [0.22, 0.22, 0.24];
export const DRUM_HEAD: RGB = [0.95, 0.93, 0.88];
export const EYE: RGB = [0.03, 0.03, 0.03];
export const FIBRE: RGB = [0.85, 0.75, 0.5];
export const GLASS: RGB = [0.55, 0.7, 0.8];
export const GOLD: RGB = [0.85, 0.68, 0.25];
export const GOLDEN: RGB = [0.8, 0.55, 0.28];
export const GREY_STONE: RGB = [0.6, 0.6, 0.57];
export const GRIP: RGB = [0.15, 0.15, 0.17];
export const GUNMETAL: RGB = [0.45, 0.46, 0.48];
export const IRON: RGB = [0.2, 0.2, 0.22];
export const LEAF: RGB = [0.25, 0.55, 0.22];
export const LIGHT_WOOD: RGB = [0.72, 0.55, 0.35];
export const MARBLE: RGB = [0.92, 0.9, 0.85];
export const OLIVE: RGB = [0.32, 0.36, 0.22];
export const ORANGE: RGB = [0.95, 0.6, 0.1];
export const PALE_BLUE_GEM: RGB = [0.6, 0.85, 0.95];
export const PANEL: RGB = [0.12, 0.18, 0.45];
export const RED: RGB = [0.85, 0.2, 0.15];
export const RUBBER: RGB = [0.75, 0.12, 0.1];
export const YELLOW: RGB = [0.95, 0.75, 0.1];
export const BUS_RED: RGB = [0.8, 0.15, 0.15];
export const SANDSTONE: RGB = [0.82, 0.74, 0.56];
export const SKIN: RGB = [0.93, 0.78, 0.65];
export const SOIL: RGB = [0.35, 0.25, 0.15];
export const STEEL: RGB = [0.62, 0.64, 0.68];
export const STEM: RGB = [0.4, 0.32, 0.18];
export const STONE: RGB = [0.72, 0.7, 0.66];
export const STRING: RGB = [0.9, 0.88, 0.8];
export const THATCH: RGB = [0.78, 0.66, 0.38];
export const TINTED_GLASS: RGB = [0.2, 0.28, 0.32];
export const WHITE: RGB = [0.92, 0.92, 0.9];
export const WOOD: RGB = [0.6, 0.42, 0.25];
/** The bright colours of toys, signs and bright-painted parts (a toy picks among them in turn). */
export const BRIGHT_RED: RGB = [0.85, 0.15, 0.15];
export const BRIGHT_BLUE: RGB = [0.15, 0.4, 0.85];
export const BRIGHT_YELLOW: RGB = [0.95, 0.8, 0.1];
export const BRIGHT_GREEN: RGB = [0.2, 0.65, 0.3];
export const BRIGHT_ORANGE: RGB = [0.95, 0.5, 0.1];
export const BRIGHT_PURPLE: RGB = [0.6, 0.3, 0.75];
