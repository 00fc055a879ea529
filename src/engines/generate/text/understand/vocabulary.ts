/**
 * The closed word lists of prompt understanding: colours, materials, size and style words, part
 * names and number words. Categories come from ../catalog.ts; everything else a prompt says is
 * looked up in WordNet or reported as not understood.
 */

/** sRGB colours, 0–1. */
export const COLOURS: Record<string, [number, number, number]> = {
  red: [0.8, 0.1, 0.1], crimson: [0.65, 0.05, 0.15], scarlet: [0.9, 0.15, 0.05], maroon: [0.45, 0.05, 0.1],
  burgundy: [0.5, 0.0, 0.13], orange: [0.95, 0.5, 0.1], amber: [1.0, 0.75, 0.0], yellow: [0.95, 0.85, 0.15],
  gold: [0.83, 0.68, 0.22], golden: [0.83, 0.68, 0.22], lime: [0.6, 0.85, 0.2], green: [0.2, 0.6, 0.2],
  olive: [0.5, 0.5, 0.15], emerald: [0.1, 0.6, 0.35], teal: [0.0, 0.5, 0.5], turquoise: [0.25, 0.85, 0.8],
  cyan: [0.1, 0.8, 0.9], aqua: [0.3, 0.85, 0.85], blue: [0.15, 0.3, 0.85], navy: [0.05, 0.1, 0.4],
  azure: [0.2, 0.5, 1.0], indigo: [0.3, 0.0, 0.5], violet: [0.55, 0.3, 0.85], purple: [0.5, 0.15, 0.6],
  lavender: [0.7, 0.6, 0.9], magenta: [0.85, 0.1, 0.7], pink: [0.95, 0.55, 0.7], rose: [0.9, 0.4, 0.5],
  brown: [0.45, 0.28, 0.14], tan: [0.8, 0.65, 0.45], beige: [0.9, 0.85, 0.7], chocolate: [0.35, 0.2, 0.1],
  cream: [0.98, 0.95, 0.82], ivory: [0.98, 0.97, 0.9], white: [0.95, 0.95, 0.95], grey: [0.5, 0.5, 0.5],
  gray: [0.5, 0.5, 0.5], black: [0.06, 0.06, 0.06], silver: [0.75, 0.75, 0.78], charcoal: [0.2, 0.2, 0.22],
  bronze: [0.7, 0.45, 0.2], copper: [0.72, 0.45, 0.3], rust: [0.6, 0.25, 0.1], coral: [1.0, 0.5, 0.4],
  salmon: [0.98, 0.5, 0.45], peach: [1.0, 0.8, 0.65], mint: [0.6, 0.95, 0.75], khaki: [0.75, 0.7, 0.5],
  ruby: [0.75, 0.05, 0.2], sapphire: [0.1, 0.2, 0.7], jade: [0.0, 0.66, 0.42], ochre: [0.8, 0.47, 0.13],
};

/** Colour adjectives and how they move lightness / saturation. */
export const COLOUR_MODIFIERS: Record<string, { light: number; sat: number }> = {
  light: { light: 0.25, sat: -0.1 }, pale: { light: 0.3, sat: -0.35 }, pastel: { light: 0.3, sat: -0.3 },
  dark: { light: -0.3, sat: 0 }, deep: { light: -0.2, sat: 0.15 }, bright: { light: 0.1, sat: 0.3 },
  vivid: { light: 0.05, sat: 0.35 }, dull: { light: -0.05, sat: -0.35 }, muted: { light: 0, sat: -0.3 },
  faded: { light: 0.15, sat: -0.4 },
};

export type MaterialKind =
  | 'wood' | 'metal' | 'gold' | 'silver' | 'bronze' | 'copper' | 'stone' | 'marble' | 'glass' | 'ceramic'
  | 'fabric' | 'leather' | 'plastic' | 'rubber' | 'ice' | 'wax' | 'paper' | 'bone' | 'clay' | 'organic';

export const MATERIAL_WORDS: Record<string, MaterialKind> = {
  wood: 'wood', wooden: 'wood', oak: 'wood', oaken: 'wood', walnut: 'wood', mahogany: 'wood', bamboo: 'wood',
  timber: 'wood', teak: 'wood', driftwood: 'wood', plywood: 'wood', ebony: 'wood', cedar: 'wood',
  metal: 'metal', metallic: 'metal', steel: 'metal', iron: 'metal', aluminium: 'metal', aluminum: 'metal',
  chrome: 'metal', tin: 'metal', titanium: 'metal', pewter: 'metal', 'stainless steel': 'metal',
  gold: 'gold', golden: 'gold', gilded: 'gold', silver: 'silver', silvery: 'silver',
  bronze: 'bronze', brass: 'bronze', copper: 'copper',
  stone: 'stone', granite: 'stone', concrete: 'stone', brick: 'stone', cobblestone: 'stone', sandstone: 'stone',
  slate: 'stone', basalt: 'stone', obsidian: 'stone', jade: 'stone', stony: 'stone', limestone: 'stone',
  marble: 'marble',
  glass: 'glass', glassy: 'glass', transparent: 'glass', crystal: 'glass', translucent: 'glass',
  ceramic: 'ceramic', porcelain: 'ceramic', china: 'ceramic', pottery: 'ceramic', terracotta: 'clay',
  clay: 'clay', earthenware: 'clay',
  fabric: 'fabric', cloth: 'fabric', cotton: 'fabric', wool: 'fabric', woolen: 'fabric', woollen: 'fabric',
  velvet: 'fabric', linen: 'fabric', knitted: 'fabric', plush: 'fabric', upholstered: 'fabric', denim: 'fabric',
  silk: 'fabric', felt: 'fabric', canvas: 'fabric', fluffy: 'fabric', furry: 'fabric',
  leather: 'leather', suede: 'leather',
  plastic: 'plastic', acrylic: 'plastic', vinyl: 'plastic', rubber: 'rubber', rubbery: 'rubber',
  ice: 'ice', icy: 'ice', frozen: 'ice', wax: 'wax', waxy: 'wax', paper: 'paper', cardboard: 'paper',
  bone: 'bone', ivory: 'bone',
};

export type SizeWord =
  | 'tall' | 'short' | 'wide' | 'narrow' | 'tiny' | 'big' | 'long' | 'round' | 'square' | 'thin' | 'thick' | 'flat';

export const SIZE_WORDS: Record<string, SizeWord> = {
  tall: 'tall', high: 'tall', towering: 'tall', lanky: 'tall', short: 'short', low: 'short', squat: 'short', stubby: 'short',
  wide: 'wide', broad: 'wide', fat: 'wide', chunky: 'wide', plump: 'wide', stout: 'wide', bulky: 'wide', chubby: 'wide',
  narrow: 'narrow', slim: 'narrow', slender: 'narrow', skinny: 'narrow', lean: 'narrow',
  tiny: 'tiny', small: 'tiny', little: 'tiny', mini: 'tiny', miniature: 'tiny', petite: 'tiny',
  big: 'big', large: 'big', huge: 'big', giant: 'big', massive: 'big', enormous: 'big', gigantic: 'big', colossal: 'big',
  long: 'long', elongated: 'long', round: 'round', rounded: 'round', spherical: 'round', curvy: 'round', circular: 'round',
  bulbous: 'round', square: 'square', boxy: 'square', angular: 'square', blocky: 'square', rectangular: 'square',
  thin: 'thin', delicate: 'thin', spindly: 'thin', thick: 'thick', sturdy: 'thick', heavy: 'thick', solid: 'thick',
  flat: 'flat', flattened: 'flat',
};

export type StyleWord = 'low-poly' | 'cartoon' | 'ornate' | 'simple' | 'weathered' | 'futuristic' | 'realistic';

export const STYLE_WORDS: Record<string, StyleWord> = {
  'low poly': 'low-poly', lowpoly: 'low-poly', faceted: 'low-poly', polygonal: 'low-poly', 'low-poly': 'low-poly',
  cartoon: 'cartoon', cartoony: 'cartoon', cartoonish: 'cartoon', cute: 'cartoon', toon: 'cartoon', chibi: 'cartoon',
  stylized: 'cartoon', stylised: 'cartoon', kawaii: 'cartoon', funny: 'cartoon', toy: 'cartoon',
  ornate: 'ornate', decorated: 'ornate', fancy: 'ornate', elaborate: 'ornate', intricate: 'ornate', baroque: 'ornate',
  royal: 'ornate', regal: 'ornate', steampunk: 'ornate', luxurious: 'ornate', victorian: 'ornate', gothic: 'ornate', detailed: 'ornate',
  simple: 'simple', minimal: 'simple', minimalist: 'simple', plain: 'simple', modern: 'simple', sleek: 'simple', basic: 'simple',
  old: 'weathered', ancient: 'weathered', rustic: 'weathered', weathered: 'weathered', worn: 'weathered',
  antique: 'weathered', medieval: 'weathered', vintage: 'weathered', rusty: 'weathered', broken: 'weathered',
  futuristic: 'futuristic', 'sci fi': 'futuristic', scifi: 'futuristic', cyberpunk: 'futuristic', alien: 'futuristic',
  realistic: 'realistic', photorealistic: 'realistic', lifelike: 'realistic', detailed3d: 'realistic',
};

/** Part names (singular) the generators know how to vary. */
export const PART_WORDS: Record<string, string> = {
  leg: 'leg', foot: 'leg', arm: 'arm', armrest: 'arm', handle: 'handle', wheel: 'wheel', tyre: 'wheel', tire: 'wheel',
  door: 'door', window: 'window', wing: 'wing', head: 'head', eye: 'eye', horn: 'horn', antler: 'horn',
  tail: 'tail', ear: 'ear', petal: 'petal', branch: 'branch', leaf: 'leaf', drawer: 'drawer', shelf: 'shelf',
  floor: 'floor', storey: 'floor', story: 'floor', level: 'floor', turret: 'tower', spike: 'spike', blade: 'blade',
  tier: 'tier', layer: 'tier', seat: 'seat', backrest: 'back', back: 'back', lid: 'lid', spout: 'spout', roof: 'roof',
  chimney: 'chimney', sail: 'sail', mast: 'mast', button: 'button', fin: 'fin', tentacle: 'tentacle', spoke: 'spoke',
  candle: 'candle', point: 'spike', prong: 'spike', jewel: 'gem', gem: 'gem', stone: 'gem', cushion: 'cushion',
  pillow: 'cushion', rung: 'rung', step: 'rung', column: 'column', pillar: 'column', trunk: 'trunk', stem: 'stem',
  engine: 'engine', propeller: 'propeller', rotor: 'propeller', scoop: 'tier', topping: 'topping', slice: 'slice',
  cheese: 'topping', pepperoni: 'topping', feather: 'feather', neck: 'neck', hand: 'hand', legs: 'leg',
};

export const NUMBER_WORDS: Record<string, number> = {
  a: 1, an: 1, one: 1, single: 1, two: 2, pair: 2, double: 2, twin: 2, both: 2, three: 3, triple: 3, four: 4,
  five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, dozen: 12, many: 8, several: 4,
  multiple: 4, few: 3, couple: 2,
};

/** "three-legged", "four-wheeled", "two-storey", "single-handled": hyphenated count + part. */
export const COUNTED_SUFFIXES: Record<string, string> = {
  legged: 'leg', wheeled: 'wheel', armed: 'arm', handled: 'handle', headed: 'head', winged: 'wing',
  tiered: 'tier', storey: 'floor', story: 'floor', storied: 'floor', eyed: 'eye', tailed: 'tail',
  horned: 'horn', petaled: 'petal', petalled: 'petal', drawer: 'drawer', masted: 'mast', layered: 'tier',
  door: 'door', doored: 'door', bladed: 'blade', pronged: 'spike', seater: 'seat', shelf: 'shelf', tower: 'tower',
};

/** How a second object is placed: `wearing` puts it on the subject's top (a hat on a head). */
export type Relation = 'on' | 'with' | 'in' | 'beside' | 'wearing';

/** Words that open a new clause (longest first when matching). */
export const RELATION_WORDS: [string, Relation | 'of'][] = [
  ['on top of', 'on'], ['next to', 'beside'], ['sitting on', 'on'], ['standing on', 'on'], ['resting on', 'on'],
  ['made of', 'of'], ['made from', 'of'], ['filled with', 'in'], ['on', 'on'], ['atop', 'on'], ['upon', 'on'],
  ['onto', 'on'], ['above', 'on'], ['over', 'on'], ['with', 'with'], ['holding', 'with'], ['carrying', 'with'],
  ['having', 'with'], ['has', 'with'], ['and', 'with'], ['in', 'in'], ['inside', 'in'], ['into', 'in'],
  ['beside', 'beside'], ['by', 'beside'], ['near', 'beside'], ['under', 'beside'], ['of', 'of'],
  // "a hammock between two trees", "a fox behind a log": the first object is the subject, the rest beside it.
  ['in front of', 'beside'], ['between', 'beside'], ['among', 'beside'], ['amongst', 'beside'], ['behind', 'beside'],
  ['below', 'beside'], ['beneath', 'beside'], ['underneath', 'beside'], ['against', 'beside'], ['alongside', 'beside'],
  // "a street lamp at night", "a cat at a desk": a time or place after "at" is no subject.
  ['at', 'beside'],
  // "a camel walking across sand dunes", "a fox running through a forest": where the subject moves is a
  // place beside it, not a second object held "with" it.
  ['across', 'beside'], ['through', 'beside'], ['along', 'beside'],
];

/** Words carrying no content for a shape; never reported as not understood. */
export const STOP_WORDS = new Set(
  (
    'the a an this that these those some any its it it\'s their his her my our your is are was be being been very ' +
    'really quite rather so too of for to from as at like which who whose there here made make create generate ' +
    'model render asset object thing 3d 3-d please me i want need give showing show shaped style styled looking ' +
    'look kind type sort version design piece set item just also than more most extra slightly somewhat'
  ).split(' '),
);
