/** The one-line account of how a prompt was read, carried by the response's `prompt` field. */
import { madeObject } from './profile.ts';
import type { Interpretation, Modifiers } from './interpret.ts';
import { MAX_PROMPT_WORDS } from './tokenize.ts';
import { spacedNoun } from '../spelling.ts';

function modifierText(m: Modifiers): string[] {
  const out: string[] = [];
  if (m.colours.length) out.push(`colour ${m.colours.map((c) => c.name).join(' and ')}`);
  if (m.material) out.push(`material ${m.material}`);
  if (m.sizes.length) out.push(`size ${m.sizes.join(' ')}`);
  return out;
}

/** The object Kiln makes, how the word led to it, and the family's form ("frog (amphibian body plan)"). */
function subjectText(i: Interpretation): string {
  if (i.resolvedBy === 'sculpted form') return 'generic sculpted form (no known object)';
  const made = madeObject(i);
  const notes: string[] = [];
  // Every strategy after the exact word read the noun through WordNet: the path it took says why.
  if (i.resolvedBy !== 'exact word' && i.chain && i.chain.length > 1) notes.push(i.chain.join(' → '));
  else if (i.via === 'typo')
    notes.push(`read "${i.corrections.find((c) => c.to === i.word)?.from ?? i.word}" as "${i.word}"`);
  else if (i.word && spacedNoun(i.word) !== spacedNoun(made.makes) && !made.proportions)
    notes.push(`${i.word} → ${made.makes}`);
  if (made.standIn) notes.push(`no ${i.word ?? 'exact'} form: the ${made.label ?? made.makes} stands in`);
  else if (made.proportions === made.makes) notes.push(`no ${i.word} form: the ${made.makes} stands in`);
  else if (made.proportions)
    notes.push(
      `no ${i.word} form: built ${made.label ? `as the ${made.label} ` : ''}with the ${made.proportions}'s proportions`,
    );
  else if (made.label) notes.push(made.label);
  return notes.length ? `${made.makes} (${notes.join('; ')})` : made.makes;
}

export function summarizeInterpretation(i: Interpretation): string {
  const parts: string[] = [subjectText(i), ...modifierText(i)];
  if (i.styles.length) parts.push(`style ${i.styles.join(' ')}`);
  for (const p of i.parts) {
    const extra = modifierText(p);
    parts.push(
      `${p.name}${p.count !== undefined ? ` ×${p.count}` : ''}${extra.length ? ` (${extra.join(', ')})` : ''}`,
    );
  }
  for (const c of i.companions) {
    const extra = modifierText(c);
    parts.push(`${c.relation} ${madeObject(c).makes}${extra.length ? ` (${extra.join(', ')})` : ''}`);
  }
  const typos = i.corrections.filter((c) => c.to !== i.word);
  if (typos.length) parts.push(`corrected ${typos.map((c) => `${c.from}→${c.to}`).join(', ')}`);
  if (i.unknown.length) parts.push(`not understood: ${i.unknown.join(', ')}`);
  if (i.settings?.length) parts.push(`setting not built: ${i.settings.join(', ')}`);
  if (i.setAside.length) parts.push(`set aside as picture words: ${i.setAside.join(', ')}`);
  if (i.ignoredWords > 0) parts.push(`${i.ignoredWords} words past the first ${MAX_PROMPT_WORDS} not read`);
  return `interpreted as: ${parts.join('; ')}`;
}
