/**
 * What a building looks like, read from what WordNet says of it where the gloss names its build rather
 * than its use: an outbuilding or shed ("an outbuilding with a single story"), a farm building for
 * animals ("for housing poultry", "housing farm animals"), its storeys ("a single story", "two-story"),
 * a dome, a tiered or terraced mass, open sides, a thatched roof, logs or wood. One builder makes any
 * such building as itself where the house stood in.
 *
 * Its words and the build each gives are rows of ./readings/building.yaml.
 *
 * Shared by the catalogue (./own-forms.ts) and the generator (./generators/families/building-forms.ts).
 */
import { kindWords, plainGloss, readFormWords, rememberedByWord, sensesOf } from './reading-kit.ts';

export type BuildingKind = 'shed' | 'barn' | 'coop' | 'house' | 'tiered' | 'open' | 'station' | 'public';
export type BuildingRoof = 'gable' | 'lean-to' | 'dome' | 'flat' | 'gambrel';

export interface BuildingForm {
  kind: BuildingKind;
  floors: number;
  roof: BuildingRoof;
  size: number;
  thatched: boolean;
  wooden: boolean;
  summary: string;
}

const WORDS = readFormWords('building', []);

/** The build a building's description gives, or undefined when it says only what the building is for. */
export const buildingForm = rememberedByWord((word): BuildingForm | undefined => {
  for (const s of sensesOf(word, 3)) {
    const f = WORDS.read({ text: `${plainGloss(s)}; ${kindWords(s, 1).join(', ')}` });
    if (!f.building) continue;
    if (!f.said) return undefined;
    const words = [f.sizeName, f.wooden ? 'wooden' : '', f.thatched ? 'thatched' : '', f.storeys, f.name];
    return {
      kind: (f.kind ?? 'house') as BuildingKind,
      ...(WORDS.formOf(f) as Omit<BuildingForm, 'kind' | 'summary'>),
      summary: `building: ${[...words, f.dome ? 'with a dome' : ''].filter(Boolean).join(' ')}`,
    };
  }
  return undefined;
});
