/**
 * Every prompt of bench/prompts/*.tsv with how it is read (category, profile, word, via, chain, the
 * summary line, companions), one per line: a refactor of the reading side that means to change nothing
 * diffs this output before and after.
 *
 *   npx tsx bench/prompt-readings.ts > /tmp/readings.tsv
 */
import { readdirSync, readFileSync } from 'node:fs';
import {
  interpretPrompt,
  summarizeInterpretation,
  warmLexicon,
} from '../src/engines/generate/text/understand/index.ts';

warmLexicon();
const dir = new URL('./prompts/', import.meta.url);
const out: string[] = [];
for (const file of readdirSync(dir).sort()) {
  for (const line of readFileSync(new URL(file, dir), 'utf8').split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const prompt = line.split('\t')[0].trim();
    const i = interpretPrompt(prompt);
    const companions = i.companions.map((c) => `${c.category}/${c.profile ?? ''}`).join(',');
    const chain = (i.chain ?? []).join(' > ');
    out.push(
      [prompt, i.category, i.profile ?? '', i.word ?? '', i.via, chain, summarizeInterpretation(i), companions].join(
        '\t',
      ),
    );
  }
}
process.stdout.write(`${out.join('\n')}\n`);
