/**
 * What a building looks like, read from what WordNet says of it where the gloss names its build rather
 * than its use: an outbuilding or shed ("an outbuilding with a single story"), a farm building for
 * animals ("for housing poultry", "housing farm animals"), its storeys ("a single story", "two-story"),
 * a dome, a tiered or terraced mass, open sides, a thatched roof, logs or wood. One builder makes any
 * such building as itself where the house stood in.
 *
 * Shared by the catalogue (./own-forms.ts) and the generator (./generators/families/building-forms.ts).
 */
import { kindWords, plainGloss, rememberedByWord, sensesOf } from './reading-kit.ts';

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

/**
 * How each kind is built: its storeys (unless the description counts them; a `fixedFloors` kind keeps its
 * own whatever it says), its roof (unless a dome is said), its size (else as "small" or "large" says) and
 * the summary's name.
 */
const KINDS: Record<
  BuildingKind,
  { name: string; floors: number; fixedFloors?: true; roof: BuildingRoof; size?: number }
> = {
  shed: { name: 'single-storey shed', floors: 1, fixedFloors: true, roof: 'lean-to', size: 0.65 },
  barn: { name: 'barn for animals', floors: 1, roof: 'gambrel', size: 1.4 },
  coop: { name: 'small coop with a wire run', floors: 1, fixedFloors: true, roof: 'gable', size: 0.5 },
  house: { name: 'building', floors: 1, roof: 'gable' },
  tiered: { name: 'tiered mass', floors: 4, roof: 'flat' },
  open: { name: 'open-sided roof on posts', floors: 1, fixedFloors: true, roof: 'gable' },
  station: { name: 'hall with wide bay doors', floors: 1, fixedFloors: true, roof: 'flat', size: 1.4 },
  public: { name: 'public building with an entrance portico', floors: 2, roof: 'flat', size: 1.4 },
};

function buildingGloss(word: string): string | undefined {
  for (const s of sensesOf(word, 3)) {
    const kinds = kindWords(s, 1).join(', ');
    const text = `${plainGloss(s)}; ${kinds}`;
    if (
      /\b(building|outbuilding|house|shed|barn|shelter|storehouse|dwelling|structure|cabin|hut|temple|station|facility|depository|institution|terminal)\b/.test(
        text,
      )
    )
      return text;
  }
  return undefined;
}

/** The build a building's description gives, or undefined when it says only what the building is for. */
export function readBuilding(word: string): BuildingForm | undefined {
  const text = buildingGloss(word.toLowerCase().trim());
  if (!text) return undefined;
  const animals = /\b(poultry|hens?|chickens?|fowl|pigeons|rabbits)\b/.test(text)
    ? 'coop'
    : /\b(farm animals|livestock|cattle|cows?|horses?|pigs?|sheep|animal feed|grain)\b/.test(text) &&
        /\b(farm building|barn|stable|housing|storing)\b/.test(text)
      ? 'barn'
      : undefined;
  const kind: BuildingKind | undefined = /\btiered|\bterraced|\bstepped\b/.test(text)
    ? 'tiered'
    : /\bopen[- ]sided|\bopen sides|\bwithout walls|\broofed (building|structure)|\bsupported by (posts|columns|pillars)/.test(
          text,
        )
      ? 'open'
      : (animals ??
        (/\boutbuilding|\bshed\b|\bshack|\bhut\b|\bhovel|\bshanty|\bcrude shelter/.test(text)
          ? 'shed'
          : // A station or hangar housing vehicles is a wide hall with bay doors.
            /\bhousing (fire apparatus|vehicles|engines|aircraft|locomotives|buses)|\baircraft can be stored|\bvehicles are (kept|stored|parked)/.test(
                text,
              )
            ? 'station'
            : // A building people go to for a service (a hospital, a school, a museum, a hotel, a station) is a
              // public building, no dwelling: a storeyed block behind an entrance portico.
              /^(an? )?([a-z]+ )?(station|facility|depository|institution|terminal|government building|medical building|establishment)\b|\bbuilding (where|that houses|in which)\b/.test(
                  text,
                ) && !/\b(dwelling|home|residence|lives|living)\b/.test(text)
              ? 'public'
              : undefined));
  const single = /\bsingle stor(e)?y|\bone[- ]stor(e)?y/.test(text);
  const two = /\btwo[- ]stor(e)?y|\btwo stories/.test(text);
  const many = /\bmultistor(e)?y|\bseveral stor|\bmany stor|\bhigh-rise/.test(text);
  const dome = /\bdome|\bdomed/.test(text);
  const thatched = /\bthatch/.test(text);
  const wooden = /\blogs?\b|\bwood\b|\bwooden|\btimber/.test(text);
  const small = /\bsmall|\blittle|\btiny|\bcrude/.test(text);
  const large = /\blarge|\bbig\b|\bhuge|\bspacious|\bgrand\b/.test(text);
  if (!kind && !single && !two && !many && !dome && !thatched && !wooden) return undefined;
  const k = KINDS[kind ?? 'house'];
  const floors = single ? 1 : k.fixedFloors ? k.floors : two ? 2 : many ? 5 : k.floors;
  const roof: BuildingRoof = dome ? 'dome' : k.roof;
  const size = k.size ?? (small ? 0.75 : large ? 1.3 : 1);
  const words = [
    small && kind !== 'shed' && kind !== 'coop' ? 'small' : large ? 'large' : '',
    wooden ? 'wooden' : '',
    thatched ? 'thatched' : '',
    !kind && floors > 1 ? `${floors}-storey` : !kind && single ? 'single-storey' : '',
    k.name,
    dome ? 'with a dome' : '',
  ].filter(Boolean);
  return { kind: kind ?? 'house', floors, roof, size, thatched, wooden, summary: `building: ${words.join(' ')}` };
}

/** readBuilding, remembered: the catalogue and the generator both ask. */
export const buildingForm = rememberedByWord(readBuilding);
