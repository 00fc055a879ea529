/**
 * A head noun after a modifier noun the prompt writes as its own word ("a monk seal", "an ice cream
 * maker"), where WordNet lists no such compound: read in the kind of sense WordNet's compounds ending
 * in that noun have (./compound-kind.ts), not in its likeliest sense alone.
 */
import { compoundKind, compoundSense, rarelySomeone } from './compound-kind.ts';
import { knownNoun, resolveByWordNet, type WordNetResolution } from './lexicon.ts';
import { has, hasAny, type Token } from './tokens.ts';
import { firstSenseFile, LEX_FILE, nounSenses, readSynset, THING_FILES } from './wordnet.ts';

const hasSenseOf = (noun: string, kind: number) => nounSenses(noun).some((o) => readSynset(o).lexFile === kind);

/** The class an agent noun's compound is built as when the noun has no sense of a thing ("maker" is only a person). */
const DEVICE = 'device';

export interface CompoundReading {
  /** The head read in a sense of the compounds' kind ("seal" the animal, "trailer" the vehicle). */
  resolution?: WordNetResolution;
  /** "an ice cream maker": compounds of the head are devices but the head alone is only a person. */
  device?: { category: string; word: string };
}

/** The modifier's WordNet noun, when the token before the head is a noun naming a thing (not a colour, size or material). */
function modifierNoun(before: Token | undefined): string | undefined {
  if (!before || before.relation || before.unread) return undefined;
  if (hasAny(before, 'colour', 'material', 'size', 'number', 'style')) return undefined;
  if (before.noun) return before.noun;
  return has(before, 'category') ? knownNoun(before.text.replace(/ /g, '_')) : undefined;
}

export function readAsCompound(
  head: Token,
  before: Token | undefined,
  byItself: WordNetResolution | undefined,
  context: string[],
): CompoundReading | undefined {
  const reading = readByHeadCompounds(head, before, byItself, context);
  if (reading || !head.noun || !byItself || byItself.kind !== LEX_FILE.person) return reading;
  // "a common loon": after a modifier whose WordNet compounds seldom name someone, a noun read as
  // someone that is also a thing is the thing (unless the compounds ending in it are people).
  const modifier = head.modifiedBy ?? modifierNoun(before);
  if (
    !modifier ||
    head.noun.includes('_') ||
    !rarelySomeone(modifier) ||
    compoundKind(head.noun, modifier) === LEX_FILE.person
  )
    return undefined;
  const thing = resolveByWordNet(head.noun, context, (s) => THING_FILES.has(s.lexFile));
  return thing && !thing.broad ? { resolution: thing } : undefined;
}

function readByHeadCompounds(
  head: Token,
  before: Token | undefined,
  byItself: WordNetResolution | undefined,
  context: string[],
): CompoundReading | undefined {
  const noun = head.noun;
  const modifier = modifierNoun(before);
  // A compound WordNet lists ("water tower") is read as itself elsewhere.
  if (!noun || !modifier || noun.includes('_') || !byItself) return undefined;
  // "a falafel wrap", "a toffee pudding": a food before a noun that can be a food names a food.
  const modifierKind = firstSenseFile(modifier);
  if (modifierKind === LEX_FILE.food && hasSenseOf(noun, LEX_FILE.food)) {
    if (byItself.kind === LEX_FILE.food) return undefined;
    const food = resolveByWordNet(noun, context, (s) => s.lexFile === LEX_FILE.food);
    return food ? { resolution: food } : undefined;
  }
  // The compounds change the kind of thing read only where the noun alone was read weakly: as someone,
  // as a landform, or as a thing placed only broadly ("seal": the sealing wax). "Bubble tea" stays a
  // drink although most of WordNet's "… tea"s are shrubs.
  const weak = byItself.broad || byItself.kind === LEX_FILE.person || byItself.kind === LEX_FILE.object;
  const sense = compoundSense(noun, modifier);
  const bySense = sense === undefined ? undefined : resolveByWordNet(noun, context, (s) => s.offset === sense);
  if (bySense && (weak || bySense.kind === byItself.kind))
    return bySense.category === byItself.category ? undefined : { resolution: bySense };
  const kind = compoundKind(noun, modifier);
  if (kind === undefined || kind === byItself.kind || !weak) return undefined;
  const resolution = resolveByWordNet(noun, context, (s) => s.lexFile === kind);
  if (resolution) return { resolution };
  // Only a food says the agent is a machine: "an ice cream maker", but "a discus thrower" is someone.
  if (kind !== LEX_FILE.artifact || byItself.kind !== LEX_FILE.person || modifierKind !== LEX_FILE.food)
    return undefined;
  const device = resolveByWordNet(DEVICE);
  return device ? { device: { category: device.category, word: DEVICE } } : undefined;
}
