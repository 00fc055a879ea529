/** Prompt understanding for the text-to-3D engine: interpretPrompt, its summary line, and warm-up. */
export { interpretPrompt } from './interpret.ts';
export type { Interpretation, PartSpec, Companion, ColourSpec, Modifiers } from './interpret.ts';
export { summarizeInterpretation } from './summary.ts';
export { warmLexicon } from './lexicon.ts';
export type { MaterialKind, SizeWord, StyleWord, Relation } from './vocabulary.ts';
export { madeObject, profileFor, type MadeObject } from './profile.ts';
export { setAsideStylePhrases } from './style-phrases.ts';
