/**
 * What a grass looks like, read from what WordNet says of it: jointed woody canes (bamboo, sugarcane),
 * stalks topped with grain ears or flower spikes (wheat, barley), silvery plumes (pampas grass), or plain
 * narrow blades (grass, a sedge). The potted plant or the flower stood in for every grass; the form read
 * here makes the noun itself.
 *
 * Shared by the catalogue (./own-forms.ts) and the generator (./generators/families/grass.ts).
 */
import { LEX_FILE, nounSenses, readSynset } from './understand/wordnet.ts';
import { plainGloss, rememberedByWord } from './artifact-senses.ts';

export type GrassShape = 'canes' | 'ears' | 'plumes' | 'blades';

export interface GrassForm {
  shape: GrassShape;
  summary: string;
}

const GRASSES = /\b(grass|grasses|gramineous plant|cereal|sedge|cane|rush|reed|bamboo)\b/;

const NAMES: Record<GrassShape, string> = {
  canes: 'clump of jointed canes',
  ears: 'stalks topped with grain ears',
  plumes: 'tall clump with feathery plumes',
  blades: 'clump of narrow blades',
};

/** The noun's grass sense: a plant whose gloss or hypernyms (two levels) say it is a grass, sedge or cane. */
function grassGloss(word: string): string | undefined {
  for (const form of [word, word.replace(/s$/, '')])
    for (const offset of nounSenses(form).slice(0, 4)) {
      const s = readSynset(offset);
      if (s.lexFile !== LEX_FILE.plant) continue;
      const up = s.hypernyms.map(readSynset);
      const kinds = [...up, ...up.flatMap((h) => h.hypernyms.map(readSynset))].flatMap((h) => h.words).join(', ');
      const gloss = plainGloss(s);
      if (GRASSES.test(kinds) || /^(an? )?([a-z-]+ ){0,4}(grass|grasses|sedge)\b/.test(gloss))
        return `${gloss}; ${kinds}; ${s.words.join(', ')}`;
    }
  return undefined;
}

export function readGrass(word: string): GrassForm | undefined {
  const text = grassGloss(word.toLowerCase().trim());
  if (!text) return undefined;
  const shape: GrassShape = /\bcanes?\b|\bwoody stems\b|\bjointed\b|\bbamboo\b/.test(text)
    ? 'canes'
    : /\bspikes?\b|\bgrains?\b|\bears?\b|\bcereal\b/.test(text)
      ? 'ears'
      : /\bplumes?\b|\bfeathery\b|\bpanicles?\b/.test(text)
        ? 'plumes'
        : 'blades';
  return { shape, summary: `grass: ${NAMES[shape]}` };
}

/** readGrass, remembered: the catalogue and the generator both ask. */
export const grassForm = rememberedByWord(readGrass);
