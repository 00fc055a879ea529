/**
 * What a building looks like, read from what WordNet says of it where the gloss names its build rather
 * than its use: an outbuilding or shed ("an outbuilding with a single story"), a farm building for
 * animals ("for housing poultry", "housing farm animals"), its storeys ("a single story", "two-story"),
 * a dome, a tiered or terraced mass, open sides, a thatched roof, logs or wood. One builder makes any
 * such building as itself where the house stood in.
 *
 * Shared by the catalogue (./catalog-made.ts) and the generator (./generators/families/building-forms.ts).
 */
import { artifactSenses, plainGloss } from './artifact-senses.ts';
import { readSynset } from './understand/wordnet.ts';

export type BuildingKind = 'shed' | 'barn' | 'coop' | 'house' | 'tiered' | 'open';
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

function buildingGloss(word: string): string | undefined {
  for (const s of artifactSenses(word, 3)) {
    const kinds = s.hypernyms.flatMap((h) => readSynset(h).words).join(', ');
    const text = `${plainGloss(s)}; ${kinds}`;
    if (/\b(building|outbuilding|house|shed|barn|shelter|storehouse|dwelling|structure|cabin|hut|temple)\b/.test(text)) return text;
  }
  return undefined;
}

/** The build a building's description gives, or undefined when it says only what the building is for. */
export function readBuilding(word: string): BuildingForm | undefined {
  const text = buildingGloss(word.toLowerCase().trim());
  if (!text) return undefined;
  const animals = /\b(poultry|hens?|chickens?|fowl|pigeons|rabbits)\b/.test(text) ? 'coop'
    : /\b(farm animals|livestock|cattle|cows?|horses?|pigs?|sheep|animal feed|grain)\b/.test(text) && /\b(farm building|barn|stable|housing|storing)\b/.test(text) ? 'barn' : undefined;
  const kind: BuildingKind | undefined = /\btiered|\bterraced|\bstepped\b/.test(text) ? 'tiered'
    : /\bopen[- ]sided|\bopen sides|\bwithout walls|\broofed (building|structure)|\bsupported by (posts|columns|pillars)/.test(text) ? 'open'
    : animals ?? (/\boutbuilding|\bshed\b|\bshack|\bhut\b|\bhovel|\bshanty|\bcrude shelter/.test(text) ? 'shed' : undefined);
  const single = /\bsingle stor(e)?y|\bone[- ]stor(e)?y/.test(text);
  const two = /\btwo[- ]stor(e)?y|\btwo stories/.test(text);
  const many = /\bmultistor(e)?y|\bseveral stor|\bmany stor|\bhigh-rise/.test(text);
  const dome = /\bdome|\bdomed/.test(text);
  const thatched = /\bthatch/.test(text);
  const wooden = /\blogs?\b|\bwood\b|\bwooden|\btimber/.test(text);
  const small = /\bsmall|\blittle|\btiny|\bcrude/.test(text);
  const large = /\blarge|\bbig\b|\bhuge|\bspacious|\bgrand\b/.test(text);
  if (!kind && !single && !two && !many && !dome && !thatched && !wooden) return undefined;
  const floors = single || kind === 'shed' || kind === 'coop' || kind === 'open' ? 1 : two ? 2 : many ? 5 : kind === 'tiered' ? 4 : 1;
  const roof: BuildingRoof = dome ? 'dome' : kind === 'shed' ? 'lean-to' : kind === 'barn' ? 'gambrel' : kind === 'tiered' ? 'flat' : 'gable';
  const size = kind === 'coop' ? 0.5 : kind === 'shed' ? 0.65 : kind === 'barn' ? 1.4 : small ? 0.75 : large ? 1.3 : 1;
  const kindName: Record<BuildingKind, string> = {
    shed: 'single-storey shed', barn: 'barn for animals', coop: 'small coop with a wire run', house: 'building', tiered: 'tiered mass', open: 'open-sided roof on posts',
  };
  const words = [
    small && kind !== 'shed' && kind !== 'coop' ? 'small' : large ? 'large' : '', wooden ? 'wooden' : '', thatched ? 'thatched' : '',
    !kind && floors > 1 ? `${floors}-storey` : !kind && single ? 'single-storey' : '', kindName[kind ?? 'house'], dome ? 'with a dome' : '',
  ].filter(Boolean);
  return { kind: kind ?? 'house', floors, roof, size, thatched, wooden, summary: `building: ${words.join(' ')}` };
}

const cache = new Map<string, BuildingForm | undefined>();

export function buildingForm(word: string): BuildingForm | undefined {
  const key = word.toLowerCase().trim();
  if (!cache.has(key)) cache.set(key, readBuilding(key));
  return cache.get(key);
}
