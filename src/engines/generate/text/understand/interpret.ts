/**
 * Reads a prompt into an Interpretation: the object's category (directly, through WordNet hypernyms,
 * or by typo correction), colours, materials, sizes, styles, counted parts, companion objects
 * ("X on Y", "X with Y") and the words it could not use.
 */
import { GENERIC_CATEGORY, familyOf, type Family } from '../catalog.ts';
import { type ResolvedBy, rowOf } from './resolution.ts';
import { setAsideStylePhrases } from './style-phrases.ts';
import { get, has, hasAny, type Clause, type Correction, type Token, type Via } from './tokens.ts';
import { findHead } from './head.ts';
import { partOf } from './definitions.ts';
import { POSSESSIVES } from './meaning.ts';
import { NAMED_STRUCTURE, namedStructure } from './named-structure.ts';
import { namesYoung } from './senses.ts';
import { tokenize } from './tokenize.ts';
import { FORM_NOUNS, MATERIAL_OPENERS, REFERENCE_OPENERS, isSetting } from './subject.ts';
import { firstSenseConcrete } from './lexicon.ts';
import {
  COLOURS,
  COLOUR_MODIFIERS,
  STOP_WORDS,
  type MaterialKind,
  type Relation,
  type SizeWord,
  type StyleWord,
} from './vocabulary.ts';

export interface ColourSpec {
  name: string;
  /** sRGB 0–1 after light/dark modifiers. */
  rgb: [number, number, number];
}

export interface Modifiers {
  colours: ColourSpec[];
  material?: MaterialKind;
  sizes: SizeWord[];
}

export interface PartSpec extends Modifiers {
  name: string;
  count?: number;
}

export interface Companion extends Modifiers {
  relation: Relation;
  category: string;
  word: string;
  /** The row of the family's proportions table the word picks (`rowOf`, ./resolution.ts). */
  profile?: string;
}

export interface Interpretation extends Modifiers {
  prompt: string;
  category: string;
  family: Family;
  /** The noun as the prompt has it (after typo correction), absent for the generic form. */
  word?: string;
  /** The row of the family's proportions table the word picks ("tree frog" → frog); absent: the default form. */
  profile?: string;
  /** Photography and style phrases set aside before the subject was looked for ("studio lighting"). */
  setAside: string[];
  /** Places named as the subject's surroundings ("in a concert hall"), not built. */
  settings?: string[];
  via: Via;
  /** Why the subject is its category: the resolution strategy that answered (./resolution.ts). */
  resolvedBy: ResolvedBy;
  /** WordNet path for `via: 'wordnet'`, e.g. ['poodle', 'dog']. */
  chain?: string[];
  styles: StyleWord[];
  parts: PartSpec[];
  companions: Companion[];
  corrections: Correction[];
  unknown: string[];
  /** Words past MAX_PROMPT_WORDS that were not read. */
  ignoredWords: number;
}

function applyColourModifier(
  rgb: [number, number, number],
  mod: { light: number; sat: number },
): [number, number, number] {
  const grey = (rgb[0] + rgb[1] + rgb[2]) / 3;
  return rgb.map((v) => {
    let x = grey + (v - grey) * (1 + mod.sat);
    x = mod.light >= 0 ? x + (1 - x) * mod.light : x * (1 + mod.light);
    return Math.min(1, Math.max(0, x));
  }) as [number, number, number];
}

function splitClauses(tokens: Token[]): Clause[] {
  const clauses: Clause[] = [{ tokens: [] }];
  tokens.forEach((t, i) => {
    if (t.relation) {
      // "red and white", "tall and thin": `and` between modifiers does not open a clause.
      const next = tokens[i + 1];
      const modifierNext =
        next &&
        (hasAny(next, 'colour', 'colour-modifier', 'size', 'style') ||
          (has(next, 'material') && !has(next, 'category')));
      if (
        t.text === 'and' &&
        modifierNext &&
        clauses[clauses.length - 1].tokens.some((x) => !has(x, 'category') && !has(x, 'part') && !x.noun)
      )
        return;
      clauses.push({ relation: t.relation, opener: t.text, tokens: [] });
    } else clauses[clauses.length - 1].tokens.push(t);
  });
  return clauses;
}

function collectModifiers(
  tokens: Token[],
  skip: Token | undefined,
): Modifiers & { styles: StyleWord[]; counts: number[] } {
  const out: Modifiers & { styles: StyleWord[]; counts: number[] } = { colours: [], sizes: [], styles: [], counts: [] };
  let pendingMod: { light: number; sat: number } | undefined;
  for (const t of tokens) {
    if (t === skip) continue;
    const mod = get(t, 'colour-modifier');
    if (mod) pendingMod = COLOUR_MODIFIERS[mod.name];
    const colour = get(t, 'colour');
    const material = get(t, 'material');
    if (material) out.material = material.name as MaterialKind;
    // "gold", "silver": a material named like a colour is the material, not a paint.
    if (colour && !(material && material.name in COLOURS)) {
      let rgb = COLOURS[colour.name];
      if (pendingMod) rgb = applyColourModifier(rgb, pendingMod);
      out.colours.push({
        name: (mod ? '' : pendingMod ? `${tokens[tokens.indexOf(t) - 1]?.text ?? ''} ` : '') + colour.name,
        rgb,
      });
      pendingMod = undefined;
    }
    const size = get(t, 'size');
    if (size && !out.sizes.includes(size.name as SizeWord)) out.sizes.push(size.name as SizeWord);
    const style = get(t, 'style');
    if (style && !out.styles.includes(style.name as StyleWord)) out.styles.push(style.name as StyleWord);
    const num = get(t, 'number');
    if (num) out.counts.push(num.value);
  }
  return out;
}

/** True when the clause's last noun, in a noun's place, is a word Kiln could not read. */
const endsUnread = (c: Clause) =>
  c.tokens.filter((t) => t.noun || t.unread || has(t, 'category')).at(-1)?.unread === true;

export function interpretPrompt(prompt: string): Interpretation {
  const corrections: Interpretation['corrections'] = [];
  const unknown: string[] = [];
  const cut = { words: 0 };
  const aside = setAsideStylePhrases(prompt);
  const tokens = tokenize(aside.text, corrections, unknown, cut);
  const clauses = splitClauses(tokens);
  const result: Interpretation = {
    prompt,
    category: GENERIC_CATEGORY,
    family: 'generic',
    via: 'generic',
    resolvedBy: 'sculpted form',
    colours: [],
    sizes: [],
    styles: [...aside.styles],
    parts: [],
    companions: [],
    corrections,
    unknown,
    ignoredWords: 0,
    setAside: aside.phrases,
  };
  result.ignoredWords = cut.words;
  const used = new Set<Token>();
  const names = new Set<string>();
  const contextNouns = tokens.filter((t) => t.noun || has(t, 'category') || has(t, 'part'));
  clauses.forEach((clause, index) => {
    // "a stack of pancakes", "a pile of rocks": when the subject's noun is no object, the of-clause names it.
    // "a scallop shell cast in silver": what the subject is made of is never the subject.
    // "an arowana in an aquarium": where an unread subject is, is not the subject either.
    const unreadSubject = endsUnread(clauses[0]);
    // "a chocolate labrador with a stick in its mouth": what "its" names belongs to the subject, and is not it.
    const possessed = index > 0 && POSSESSIVES.has(clause.tokens[0]?.text ?? '');
    let subject =
      index === 0 ||
      (result.via === 'generic' &&
        clause.relation !== 'with' &&
        !MATERIAL_OPENERS.has(clause.opener ?? '') &&
        !REFERENCE_OPENERS.has(clause.opener ?? '') &&
        !possessed &&
        !(unreadSubject && (clause.relation === 'in' || clause.relation === 'on' || clause.relation === 'beside')));
    // Clauses after a comma, and of-phrases, only describe a subject already found.
    // "a fiat 500, pastel blue", "a parasaurolophus, museum reconstruction": after a comma, words
    // describe a subject named before it that Kiln could not read (an unread word in its noun's place).
    const unreadBefore = index > 0 && clause.relation === 'aside' && clauses.slice(0, index).some(endsUnread);
    const head =
      (clause.relation === 'of' || clause.relation === 'aside') && !subject
        ? undefined
        : findHead(clause, clause.relation === 'with', corrections, contextNouns, subject && !unreadBefore);
    // A place after a comma ("headphones, studio shot") never replaces a thing named before it that
    // Kiln has no form for: it is where that thing is, and the generic form says so honestly.
    const placeAfterThing =
      subject &&
      index > 0 &&
      clause.relation === 'aside' &&
      head !== undefined &&
      isSetting('in', head.via, familyOf(head.category ?? '')) &&
      (unreadBefore || clauses.slice(0, index).some((c) => c.tokens.some((t) => t.noun && firstSenseConcrete(t.noun))));
    if (placeAfterThing) subject = false;
    if (head) used.add(head.token);
    const mods = collectModifiers(clause.tokens, head?.token);
    for (const t of clause.tokens) {
      if (t.countedPart)
        result.parts.push({ name: t.countedPart.part, count: t.countedPart.count, colours: [], sizes: [] });
    }
    result.styles.push(...mods.styles.filter((s) => !result.styles.includes(s)));
    const target = (m: Modifiers) => {
      m.colours.push(...mods.colours);
      if (mods.material) m.material = mods.material;
      m.sizes.push(...mods.sizes.filter((s) => !m.sizes.includes(s)));
    };
    if (head?.kind === 'part') {
      const part: PartSpec = { name: head.part!, count: mods.counts.at(-1), colours: [], sizes: [] };
      target(part);
      const existing = result.parts.find((p) => p.name === part.name);
      if (existing) Object.assign(existing, { ...part, count: part.count ?? existing.count });
      else result.parts.push(part);
    } else if (head && subject && result.via === 'generic') {
      result.category = head.category!;
      result.family = familyOf(head.category!);
      result.word = head.token.text;
      result.profile = rowOf(head.category!, head.token.text, head.chain);
      result.via = head.via!;
      result.resolvedBy = head.by!;
      result.chain = head.chain;
      // "the chrysler building": a structure named by a name Kiln cannot read is a landmark.
      const named = namedStructure(clause, head.token, head.category!);
      if (named) {
        Object.assign(result, {
          category: NAMED_STRUCTURE,
          family: familyOf(NAMED_STRUCTURE),
          profile: undefined,
          via: 'wordnet',
          resolvedBy: 'named structure',
          chain: [named, 'named structure'],
        });
        // The name was understood as the structure's name.
        for (const w of named.split(' ')) names.add(w);
      }
      target(result);
    } else if (
      head &&
      (placeAfterThing ||
        isSetting(clause.relation, head.via, familyOf(head.category!)) ||
        (head.via === 'wordnet' && !firstSenseConcrete(head.token.noun ?? head.token.text)))
    ) {
      // A second object read through a rare sense ("on the sand": George Sand) is where the subject is, not a thing.
      (result.settings ??= []).push(head.token.text);
    } else if (head) {
      const rel: Relation =
        clause.relation === undefined || clause.relation === 'of' || clause.relation === 'aside'
          ? 'with'
          : clause.relation;
      const companion: Companion = {
        relation: rel,
        category: head.category!,
        word: head.token.text,
        profile: rowOf(head.category!, head.token.text),
        colours: [],
        sizes: [],
      };
      target(companion);
      if (result.companions.length < 2) result.companions.push(companion);
    } else {
      // No object in this clause ("made of oak", "in bright red"): its words describe the subject.
      target(result);
    }
    for (const t of clause.tokens) {
      // "a flashlight prop": the form noun was understood as the form the subject is made as.
      if (
        t === head?.token ||
        t.meanings.length > 0 ||
        t.countedPart ||
        STOP_WORDS.has(t.text) ||
        (head && FORM_NOUNS.has(t.text))
      )
        continue;
      // "a lobster claw", "a seal pup": the part or young that named its whole was understood.
      const whole = head?.token.noun ?? head?.token.text;
      if (t.noun && whole && (namesYoung(t.noun) || partOf(t.noun, whole) === 'part')) continue;
      if (t.noun) unknown.push(t.text);
    }
  });
  result.unknown = [...new Set(unknown)].filter((w) => !names.has(w));
  return result;
}
