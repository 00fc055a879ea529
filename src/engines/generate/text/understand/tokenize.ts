/**
 * The tokenizer of ./interpret.ts: a prompt's words as tokens, with phrases looked up whole, typos
 * corrected, measure and collective words, relation words and unknown words read through WordNet.
 */
import nlp from 'compromise';
import { closestWord, commonSlip, editDistance } from './typo.ts';
import { compoundByTypo, spacedCompound } from './compounds.ts';
import {
  CONCRETE_FILES,
  LEX_FILE,
  isAdjective,
  isNoun,
  isVerb,
  nounSenses,
  readSynset,
  taggedSenseCount,
} from './wordnet.ts';
import { hasAny, plainText, type Correction, type Token } from './tokens.ts';
import {
  closedCompoundBeatsTypo,
  misspeltObject,
  nearerNoun,
  notAWordHere,
  nounBySlip,
  phraseBySlip,
  readUnknownWord,
  UNKNOWN_WORD_OPTIONS,
} from './misspelt-words.ts';
import { DETERMINERS, FORM_NOUNS, MEASURE_WORDS, VERB_RELATIONS, isPhraseEndingVerb, isVerbForm } from './subject.ts';
import {
  baseForms,
  compoundHead,
  firstSenseConcrete,
  hasConcreteSense,
  knownNoun,
  longestPhrase,
  lookupPhrase,
  namesObject,
  resolveByWordNet,
  vocabularyWords,
} from './lexicon.ts';
import { COUNTED_SUFFIXES, NUMBER_WORDS, RELATION_WORDS, STOP_WORDS } from './vocabulary.ts';

/** A hyphenated adjective such as "pot-bellied", "red-tailed" (WordNet compounds holding one are still read whole). */
const HYPHENATED_ADJECTIVE = /^[a-z]+-[a-z]+ed$/;

const RELATIONS = [...RELATION_WORDS, ...VERB_RELATIONS].sort(
  (a, b) => b[0].split(' ').length - a[0].split(' ').length,
);
const RELATION_PARTS = new Set(RELATIONS.map(([p]) => p).filter((p) => !p.includes(' ')));

function parseCount(word: string): number | undefined {
  if (/^\d+$/.test(word)) return Number(word);
  return NUMBER_WORDS[word];
}

function nonNounTags(words: string[]): Set<number> {
  // compromise's tagger says which unknown words are verbs/adjectives/adverbs, not things.
  const out = new Set<number>();
  const terms = nlp(words.join(' ')).terms().json() as { terms: { normal: string; tags: string[] }[] }[];
  let i = 0;
  for (const t of terms) {
    const term = t.terms[0];
    while (i < words.length && words[i] !== term.normal) i++;
    if (i >= words.length) break;
    const tags = new Set(term.tags);
    if (
      !tags.has('Noun') &&
      (tags.has('Verb') || tags.has('Adverb') || tags.has('Adjective') || tags.has('Preposition'))
    )
      out.add(i);
    i++;
  }
  return out;
}

/** First words of the relation phrases: a word after an -ing word that opens a clause is no object of it. */
const RELATION_FIRST_WORDS = new Set(RELATIONS.map(([p]) => p.split(' ')[0]));

/** Form nouns that name a kind of being ("an animal of the forest"): their of-phrase is no subject. */
const NAMING_NOUNS = new Set(['animal', 'creature', 'character']);

/** Words read per prompt: a description longer than this is cut (and the summary says so). */
export const MAX_PROMPT_WORDS = 60;

/**
 * The prompt's words as tokens: phrases looked up whole, typos corrected, unknown words read through
 * WordNet or listed in `unknown`; `cut.words` counts the words past MAX_PROMPT_WORDS.
 */
export function tokenize(
  prompt: string,
  corrections: Correction[],
  unknown: string[],
  cut: { words: number },
): Token[] {
  const all = plainText(prompt)
    .replace(/[,;.?!:]+/g, ' , ')
    .replace(/[^a-z0-9\-, ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  let end = 0;
  for (let n = 0; end < all.length && n < MAX_PROMPT_WORDS; end++) if (all[end] !== ',') n++;
  const raw = all.slice(0, end);
  cut.words = all.slice(end).filter((w) => w !== ',').length;
  const words: string[] = [];
  const counted = new Map<number, Token['countedPart']>();
  for (const w of raw) {
    const m = /^([a-z0-9]+)-([a-z]+)$/.exec(w);
    if (m && COUNTED_SUFFIXES[m[2]] && parseCount(m[1]) !== undefined) {
      counted.set(words.length, { part: COUNTED_SUFFIXES[m[2]], count: parseCount(m[1])! });
      words.push(w);
    } else if (w.includes('-') && !isNoun(w) && w.split('-').some((part) => RELATION_PARTS.has(part))) {
      // "a ride-on lawn mower", "a built-in oven": a hyphenated word holding a relation word is a modifier, no "on" clause.
      words.push(w);
    } else if (HYPHENATED_ADJECTIVE.test(w) && !isNoun(w)) {
      // "a pot-bellied pig", "a long-eared owl": a hyphenated word ending in -ed describes the noun after it.
      words.push(w);
    } else words.push(...w.split('-').filter(Boolean));
  }
  const notNoun = nonNounTags(words);
  // The tagger guesses at words it does not know ("horsefly" as a verb); a word WordNet knows only as a noun is one.
  for (const i of [...notNoun]) if (onlyANoun(words[i])) notNoun.delete(i);
  const vocab = vocabularyWords();
  const tokens: Token[] = [];
  const maxWords = longestPhrase();
  // Nouns read as modifiers and kept out of the tokens, by the index of the token they come before.
  const modifiers = new Map<number, string>();
  let i = 0;
  /** Adds the token the next `n` words are read as. */
  const take = (token: Token, n = 1) => {
    tokens.push(token);
    i += n;
  };
  while (i < words.length) {
    if (counted.has(i)) {
      take({ text: words[i], meanings: [], countedPart: counted.get(i) });
      continue;
    }
    if (words[i] === ',') {
      take({ text: ',', meanings: [], relation: 'aside' });
      continue;
    }
    // "a plate of fries", "a pair of boots": the of-phrase is the subject.
    // "a statue of a lion", "a plush toy of a whale": the form the subject is made as, like "a lion statue".
    // A named compound ("the statue of liberty") stays one noun.
    const formOf =
      FORM_NOUNS.has(words[i]) && !NAMING_NOUNS.has(words[i]) && !knownNoun(words.slice(i, i + 3).join('_'));
    // Plurals too: "three slices of pizza", "two pairs of boots".
    const measure =
      MEASURE_WORDS.has(words[i]) || (words[i].endsWith('s') && baseForms(words[i]).some((f) => MEASURE_WORDS.has(f)));
    if ((measure || formOf || onlyAUnit(words[i])) && words[i + 1] === 'of' && i + 2 < words.length) {
      i += 2;
      continue;
    }
    const rel = RELATIONS.find(([p]) => words.slice(i, i + p.split(' ').length).join(' ') === p);
    // "a beaver building a dam": a known noun in -ing form after a noun and before a determiner is a verb.
    if (!rel && followsNoun(tokens) && DETERMINERS.has(words[i + 1]) && isVerbForm(words[i])) {
      take({ text: words[i], meanings: [], relation: 'with' });
      continue;
    }
    let matched = false;
    const vocabularyPhrase = (minWords: number) => {
      for (let n = Math.min(maxWords, words.length - i); n >= minWords && !matched; n--) {
        const phrase = words.slice(i, i + n).join(' ');
        if (n === 1 && rel && rel[0] === phrase) break;
        const found = lookupPhrase(phrase);
        if (found && (!rel || n > rel[0].split(' ').length)) {
          take({ text: found.form, meanings: found.meanings }, n);
          matched = true;
        }
      }
    };
    vocabularyPhrase(2);
    if (matched) continue;
    // "a cendy cane", "a black penther": a two-word vocabulary phrase with one word a common slip of its own.
    // The pair is then read again, spelt right, as any phrase is.
    const slipped = rel ? undefined : phraseBySlip(words[i], words[i + 1], vocab);
    if (slipped) {
      corrections.push({ from: slipped.from, to: slipped.to });
      words[words[i] === slipped.from ? i : i + 1] = slipped.to;
      continue;
    }
    if (!rel) {
      // "an ant eater", "a tool box": two words WordNet writes as one are that one noun.
      const closed = closedCompound(words[i], words[i + 1]);
      if (closed) {
        corrections.push({ from: `${words[i]} ${words[i + 1]}`, to: closed.text });
        take(closed, 2);
        continue;
      }
      // WordNet compounds ("german shepherd", "red panda") are one noun, before their words are read
      // alone ("red" a colour, "panda" a teddy bear).
      for (let n = Math.min(4, words.length - i); n >= 2 && !matched; n--) {
        const phrase = words.slice(i, i + n).join(' ');
        // "venus flytrap": WordNet lists some compounds with a possessive the prompt left out ("venus's flytrap").
        // "man o' war": WordNet spells out the elided "of" (man-of-war).
        const noun =
          knownNoun(phrase.replace(/ /g, '_')) ??
          knownNoun(phrase.replace(' ', "'s_").replace(/ /g, '_')) ??
          (phrase.includes(' o ') ? knownNoun(phrase.replace(/ o /g, ' of ').replace(/ /g, '_')) : undefined);
        // An unplaced compound ("record player") still keeps its words from being read apart, but a
        // compound placed only broadly or as a person ("black panther") does not split a vocabulary phrase.
        const res = noun ? resolveByWordNet(noun) : undefined;
        const beatsVocabulary = res !== undefined && !res.broad && res.kind !== PERSON;
        // Compounds are head-final: a vocabulary word as the last word ("black panther") keeps the compound
        // from replacing it, one as a modifier does not when the compound is the kind of thing its last
        // word is ("coat rack", an artifact like a rack: no coat); "elephant tusk", a plant, names no tusk.
        const vocabularyWord =
          namesObject(words[i + n - 1]) ||
          (words.slice(i, i + n - 1).some(namesObject) && !sameKindAsHead(noun, words[i + n - 1]));
        // A compound naming no thing ("ping pong", an activity) still keeps its words from being read
        // apart ("pong" as a typo for pony), unless one of them names a thing by itself ("greyhound racing").
        const wordsNameNoThing = () => words.slice(i, i + n).every((w) => !namesObject(w) && !namesAKindOfThing(w));
        // "lying in the ferns": a compound ending in a relation word that names no thing ("lying-in", childbirth) is the relation.
        const endsInRelation = RELATION_FIRST_WORDS.has(words[i + n - 1]) && !firstSenseConcrete(noun ?? '');
        if (
          noun &&
          !endsInRelation &&
          (beatsVocabulary || (!vocabularyWord && (res || hasConcreteSense(noun) || wordsNameNoThing())))
        ) {
          const text =
            knownNoun(phrase.replace(/ /g, '_')) || !phrase.includes(' o ') ? phrase : phrase.replace(/ o /g, ' of ');
          take({ text, meanings: [], noun }, n);
          matched = true;
        }
      }
      if (matched) continue;
      // "a german shepard", "a pocket calculater": a compound with one word misspelt is read whole.
      const fixed =
        i + 1 < words.length &&
        !RELATION_FIRST_WORDS.has(words[i + 1]) &&
        !STOP_WORDS.has(words[i]) &&
        !STOP_WORDS.has(words[i + 1])
          ? compoundByTypo(words[i], words[i + 1], notAWordHere)
          : undefined;
      if (fixed) {
        corrections.push({ from: fixed.from, to: fixed.to });
        // Read again spelt right, as the compound would be ("a cendy cane" as "a candy cane": a cane).
        const at = words[i] === fixed.from ? i : i + 1;
        words[at] = fixed.to;
        if (knownNoun(fixed.to) || lookupPhrase(fixed.to)) continue;
        take({ text: fixed.noun.replace(/_/g, ' '), meanings: [], noun: fixed.noun }, 2);
        continue;
      }
    }
    vocabularyPhrase(1);
    if (matched) continue;
    if (rel) {
      take({ text: rel[0], meanings: [], relation: rel[1] }, rel[0].split(' ').length);
      continue;
    }
    const w = words[i];
    if (HYPHENATED_ADJECTIVE.test(w)) {
      take({ text: w, meanings: [] });
      continue;
    }
    if (isPhraseEndingVerb(w, notNoun.has(i), followsNoun(tokens, { adjectives: false }), words[i + 1])) {
      // "a fire breathing dragon", "a front loading washing machine": a noun that is no thing (a
      // phenomenon, a substance, a place) before an -ing word and straight before another noun is that
      // verb's object in a compound modifier ("fire-breathing"); the object is the noun after it.
      const prev = tokens.at(-1);
      const next = words[i + 1];
      const prevNoun = prev && !prev.relation ? (prev.noun ?? knownNoun(prev.text)) : undefined;
      if (
        prev &&
        prevNoun &&
        w.endsWith('ing') &&
        next &&
        next !== ',' &&
        !DETERMINERS.has(next) &&
        !RELATION_FIRST_WORDS.has(next) &&
        !hasAny(prev, 'colour', 'material') &&
        !firstSenseConcrete(prevNoun) &&
        knownNoun(next)
      ) {
        tokens[tokens.length - 1] = { text: prev.text, meanings: [] };
        take({ text: w, meanings: [] });
        continue;
      }
      take({ text: w, meanings: [], relation: 'with' });
      continue;
    }
    const count = parseCount(w);
    if (count !== undefined) tokens.push({ text: w, meanings: [{ type: 'number', value: count }] });
    else if (STOP_WORDS.has(w)) tokens.push({ text: w, meanings: [] });
    else {
      const noun = knownNoun(w);
      // A rare real word one typo away from the vocabulary ("woden", "chai") is read as the typo.
      // A word WordNet's tagged corpus counted ("ballet") is common, so no typo.
      // A verb form ("rocking", "carved") is no misspelt object.
      // "an archery target": a word naming an activity before another noun is that noun's modifier, no typo.
      const modifiesNext =
        noun !== undefined &&
        knownNoun(words[i + 1] ?? '') !== undefined &&
        nounSenses(noun).some((o) => readSynset(o).lexFile === LEX_FILE.act);
      const fix =
        noun &&
        !notNoun.has(i) &&
        !isVerbForm(w) &&
        !hasConcreteSense(noun) &&
        taggedSenseCount(noun) === 0 &&
        !modifiesNext
          ? closestWord(w, vocab)
          : undefined;
      if (fix && lookupPhrase(fix)) {
        corrections.push({ from: w, to: fix });
        tokens.push({ text: fix, meanings: lookupPhrase(fix)!.meanings });
      } else if (noun && !notNoun.has(i)) tokens.push({ text: w, meanings: [], noun });
      else if (noun && endsFirstPhrase(tokens, words[i + 1]) && firstSenseConcrete(noun)) {
        // "a northern cardinal in the snow": a word the tagger reads as an adjective, last before the
        // first phrase ends with no noun before it, is that phrase's noun.
        tokens.push({ text: w, meanings: [], noun });
      } else if (noun) {
        unknown.push(w);
        modifiers.set(tokens.length, noun);
      } else if (spacedCompound(w)) {
        // "starfruit": a closed spelling of a WordNet compound is that compound, not its last word alone.
        const spaced = spacedCompound(w)!;
        corrections.push({ from: w, to: spaced.replace(/_/g, ' ') });
        tokens.push({ text: w, meanings: [], noun: spaced });
      } else if (
        !notNoun.has(i) &&
        !isVerbForm(w) &&
        compoundHead(w) &&
        closedCompoundBeatsTypo(w, closestWord(w, vocab, { allowShort: true }))
      ) {
        // "treehouse", "horsefly", "lunchbox": a closed compound WordNet lacks is a kind of its last noun.
        const head = compoundHead(w)!;
        corrections.push({ from: w, to: head.form });
        tokens.push(
          head.meanings ? { text: head.form, meanings: head.meanings } : { text: w, meanings: [], noun: head.form },
        );
      } else {
        // A word the tagger reads as a verb or adjective ("stuck") is no misspelt object.
        const vocabularyFix = notNoun.has(i) || isVerbForm(w) ? undefined : closestWord(w, vocab, { allowShort: true });
        // A short word before another word ("a masala dosa") is likelier a name of its own than a slip of
        // the pen, and one after the phrase's noun ("a hammock strung between…") likelier a verb.
        const next = words[i + 1];
        const beforeWord =
          next !== undefined && next !== ',' && !RELATION_FIRST_WORDS.has(next) && !STOP_WORDS.has(next);
        const shortSlips = !beforeWord && !followsNoun(tokens);
        // "persimon", "mangostein": a WordNet noun one letter away is a nearer reading than a vocabulary
        // word two letters away ("person", "stein"); at equal distance the vocabulary is read.
        // "drll": a WordNet thing a common slip away (the drill) is a nearer reading than a vocabulary
        // word reached by another edit (the doll).
        const slipNoun = vocabularyFix && !commonSlip(w, vocabularyFix) ? nounBySlip(w) : undefined;
        // "a tiki statue", "a sony walkman": before another word, a word no common slip away from the
        // vocabulary is likelier a name of its own than a misspelling (no tipi, no pony).
        const nameBeforeWord = vocabularyFix !== undefined && beforeWord && !commonSlip(w, vocabularyFix);
        const fix =
          slipNoun || nameBeforeWord || (vocabularyFix && editDistance(w, vocabularyFix, 1) > 1 && nearerNoun(w))
            ? undefined
            : vocabularyFix;
        const fixed = fix ? lookupPhrase(fix) : undefined;
        // A word in the first phrase's head place is read as a noun whatever the tagger says ("a northern cardnial").
        const headPlace = notNoun.has(i) && endsFirstPhrase(tokens, words[i + 1]);
        // "a pachycephalosaurous head-butting": the tagger guesses an adjective from the ending alone; a word
        // WordNet knows as no adjective or verb, one letter from exactly one object's name, is that name misspelt.
        const reading = slipNoun
          ? { noun: slipNoun, how: 'typo' as const }
          : fix || isVerbForm(w)
            ? undefined
            : notNoun.has(i) && !headPlace
              ? misspeltObject(w)
              : readUnknownWord(
                  w,
                  shortSlips ? UNKNOWN_WORD_OPTIONS : { ...UNKNOWN_WORD_OPTIONS, minDroppedLength: Infinity },
                );
        if (fix && fixed) {
          corrections.push({ from: w, to: fix });
          tokens.push({ text: fix, meanings: fixed.meanings });
        } else if (!reading && !notNoun.has(i) && !isVerbForm(w) && vocabularySuffix(w)) {
          // "cybertruck", "hoverbike": a coined word ending in an object's name is a kind of that object.
          const suffix = vocabularySuffix(w)!;
          corrections.push({ from: w, to: suffix });
          tokens.push({ text: suffix, meanings: lookupPhrase(suffix)!.meanings });
        } else if (reading) {
          // "velocirapter" → velociraptor; "spinosaurus" → dinosaur (read as the class its spelling family shares).
          corrections.push({ from: w, to: reading.noun });
          // "quaail" → quail: a misspelt vocabulary word is read as the vocabulary reads it (the bird, not the meat).
          const listed = reading.how === 'typo' ? lookupPhrase(reading.noun) : undefined;
          if (listed?.meanings.some((m) => m.type === 'category'))
            tokens.push({ text: listed.form, meanings: listed.meanings });
          else tokens.push({ text: reading.how === 'typo' ? reading.noun : w, meanings: [], noun: reading.noun });
        } else {
          unknown.push(w);
          // Kept as a token so head finding sees what a modifier before it qualifies ("a japanese naginata").
          if (!notNoun.has(i)) tokens.push({ text: w, meanings: [], unread: true });
        }
      }
    }
    i++;
  }
  for (const [index, noun] of modifiers) if (tokens[index] && !tokens[index].relation) tokens[index].modifiedBy = noun;
  return tokens;
}

/** Meanings that make a word a modifier: "a green house" is a house painted green, not a greenhouse. */
const MODIFIER_MEANINGS = new Set(['colour', 'colour-modifier', 'material', 'size', 'style', 'number']);

/**
 * The token for two words WordNet writes closed as one concrete noun ("ant eater" → anteater, "tool
 * box" → toolbox), unless the first is a modifier word or either a function word.
 */
function closedCompound(first: string, second: string | undefined): Token | undefined {
  if (
    !second ||
    second === ',' ||
    STOP_WORDS.has(first) ||
    STOP_WORDS.has(second) ||
    RELATION_FIRST_WORDS.has(first) ||
    RELATION_FIRST_WORDS.has(second)
  )
    return undefined;
  if (first.length < 3 || second.length < 3 || /\d/.test(first + second)) return undefined;
  if (lookupPhrase(first)?.meanings.some((m) => MODIFIER_MEANINGS.has(m.type))) return undefined;
  // "a snake head", "a shower head": a part after a noun is that thing's part (a snakehead is a fish).
  if (lookupPhrase(second)?.meanings.some((m) => m.type === 'part')) return undefined;
  // A compound WordNet also lists spaced ("dog sled", "weather vane") is read as the prompt spells it.
  if (knownNoun(`${first}_${second}`)) return undefined;
  const joined = first + second;
  const noun = knownNoun(joined);
  if (!noun || !hasConcreteSense(noun) || nounSenses(noun).every((o) => readSynset(o).instance)) return undefined;
  return { text: joined, meanings: [], noun };
}

/** Shortest object name a coined word may end in: shorter endings are too often plain letters ("pan" in "handpan"). */
const MIN_SUFFIX = 5;

/** The longest vocabulary object name the word ends in, after at least three letters, if any. */
function vocabularySuffix(word: string): string | undefined {
  for (let k = 3; k <= word.length - MIN_SUFFIX; k++) {
    const found = lookupPhrase(word.slice(k));
    if (found?.meanings.some((m) => m.type === 'category')) return found.form;
  }
  return undefined;
}

/** True when some sense of the compound is filed with some sense of its last word (both artifacts, both animals…). */
function sameKindAsHead(compound: string | undefined, head: string): boolean {
  if (!compound) return false;
  const headKinds = new Set(
    baseForms(head)
      .flatMap((f) => nounSenses(f))
      .map((o) => readSynset(o).lexFile),
  );
  return nounSenses(compound).some((o) => headKinds.has(readSynset(o).lexFile));
}

/** True when some sense of the word is a kind of thing, not a named one ("ping" is only a river by name). */
function namesAKindOfThing(word: string): boolean {
  const noun = knownNoun(word);
  return (
    noun !== undefined &&
    nounSenses(noun).some((o) => !readSynset(o).instance && CONCRETE_FILES.has(readSynset(o).lexFile))
  );
}

/** WordNet's lexicographer file of quantities and units ("pint", "gallon", "ounce"). */
const QUANTITY = LEX_FILE.quantity;

/** True when every noun sense of the word is a unit of measure: "a pint of beer" is beer, a "cup" (also a vessel) stays. */
function onlyAUnit(word: string): boolean {
  const senses = nounSenses(word);
  return senses.length > 0 && senses.every((o) => readSynset(o).lexFile === QUANTITY);
}

const PERSON = LEX_FILE.person;

function onlyANoun(word: string): boolean {
  const noun = knownNoun(word);
  // "lemming", "viking" end in -ing without being verb forms.
  return noun !== undefined && !isVerbForm(word) && !isVerb(word) && !isAdjective(word) && !isVerb(noun);
}

/**
 * True when the word before `next` is the last of the prompt's first phrase and that phrase has no noun
 * yet: the place of the subject's head noun.
 */
function endsFirstPhrase(tokens: Token[], next: string | undefined): boolean {
  if (tokens.some((t) => t.relation) || followsNoun(tokens)) return false;
  return next === undefined || next === ',' || RELATION_FIRST_WORDS.has(next) || isVerbForm(next);
}

/**
 * True when the phrase being read (since the last clause word) already has a noun. With
 * `adjectives: false`, a noun WordNet also knows as an adjective ("japanese", "antique") does not count:
 * "a japanese folding screen" has no noun before "folding", which is then no verb ending the phrase.
 */
function followsNoun(tokens: Token[], { adjectives = true } = {}): boolean {
  for (let k = tokens.length - 1; k >= 0 && !tokens[k].relation; k--) {
    if (tokens[k].meanings.some((m) => m.type === 'category')) return true;
    if (tokens[k].noun && (adjectives || tokens[k].noun!.includes('_') || !isAdjective(tokens[k].text))) return true;
  }
  return false;
}
