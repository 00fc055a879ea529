/** The one-line account of how a prompt was read, carried by the response's `prompt` field. */
import { MAX_PROMPT_WORDS, type Interpretation, type Modifiers } from './interpret.ts';

function modifierText(m: Modifiers): string[] {
  const out: string[] = [];
  if (m.colours.length) out.push(`colour ${m.colours.map((c) => c.name).join(' and ')}`);
  if (m.material) out.push(`material ${m.material}`);
  if (m.sizes.length) out.push(`size ${m.sizes.join(' ')}`);
  return out;
}

export function summarizeInterpretation(i: Interpretation): string {
  const head =
    i.via === 'generic'
      ? 'generic sculpted form (no known object)'
      : i.via === 'wordnet' && i.chain && i.chain.length > 1
        ? `${i.category} (${i.chain.join(' → ')})`
        : i.via === 'typo'
          ? `${i.category} (read "${i.corrections.find((c) => c.to === i.word)?.from ?? i.word}" as "${i.word}")`
          : i.category;
  const parts: string[] = [head, ...modifierText(i)];
  if (i.styles.length) parts.push(`style ${i.styles.join(' ')}`);
  for (const p of i.parts) {
    const extra = modifierText(p);
    parts.push(`${p.name}${p.count !== undefined ? ` ×${p.count}` : ''}${extra.length ? ` (${extra.join(', ')})` : ''}`);
  }
  for (const c of i.companions) {
    const extra = modifierText(c);
    parts.push(`${c.relation} ${c.category}${extra.length ? ` (${extra.join(', ')})` : ''}`);
  }
  const typos = i.corrections.filter((c) => c.to !== i.word);
  if (typos.length) parts.push(`corrected ${typos.map((c) => `${c.from}→${c.to}`).join(', ')}`);
  if (i.unknown.length) parts.push(`not understood: ${i.unknown.join(', ')}`);
  if (i.ignoredWords > 0) parts.push(`${i.ignoredWords} words past the first ${MAX_PROMPT_WORDS} not read`);
  return `interpreted as: ${parts.join('; ')}`;
}
