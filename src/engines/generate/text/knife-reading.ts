/**
 * What a knife looks like, read from what WordNet says of it: the blade's length ("large", "short"),
 * width ("large square blade", "thin", "tapered"), curve ("curved"), point, weight ("heavy", "stout"),
 * whether it folds into its handle, and whether it is a weapon (a guard, a leather grip) or a kitchen
 * knife (a plain handle). One builder makes any knife WordNet lists as itself, not as a dagger.
 *
 * Shared by the catalogue (./own-forms.ts) and the generator (./generators/families/knife.ts).
 */
import { kindWords, plainGloss, rememberedByWord, sensesOf } from './reading-kit.ts';

function knifeGloss(word: string): string | undefined {
  for (const s of sensesOf(word, 3)) {
    const kinds = kindWords(s, 2).join(', ');
    const gloss = plainGloss(s);
    const text = `${gloss} | ${kinds} | ${s.words.join(', ')}`;
    if (/\b(knife|knives|dagger|machete|blade)\b/.test(text) && !/\b(sword|saw|razor|scissors|axe|ax)\b/.test(kinds))
      return text;
  }
  return undefined;
}

/** The form a knife's description gives, or undefined when it is no knife or says nothing of its blade. */
export const knifeForm = rememberedByWord((word: string) => {
  const text = knifeGloss(word);
  if (!text) return undefined;
  const gloss = text.split(' | ')[0];
  const long = /\blarge|\blong\b|\bbig\b|\brelatively long/.test(gloss);
  const short = /\bshort|\bsmall|\blittle|\btiny/.test(gloss);
  const square = /\bsquare|\bcleaver|\bchopper/.test(text);
  const broad = square || /\bbroad|\bwide\b/.test(gloss);
  const thin = /\bthin|\bnarrow|\bslender|\btapered|\bneedle/.test(gloss);
  const curved = /\bcurved|\bhooked|\bcrescent|\bsickle/.test(gloss);
  const pointed = /\bpointed|\bsharp point|\btapered|\bpiercing|\bstabbing/.test(gloss);
  const heavy = /\bheavy|\bstout|\bthick\b/.test(gloss);
  const folding = /\bfolds?\b|\bfolding|\bpocket|\bsprings? open/.test(text);
  const weapon = /\bweapon|\bdagger|\bfighting|\bhunting|\bbayonet|\bcombat|\bstabbing|\bpiercing/.test(text);
  if (!long && !short && !broad && !thin && !curved && !pointed && !heavy && !folding) return undefined;
  const length = long ? 1.5 : short ? 0.7 : 1;
  const width = broad ? 2.6 : thin ? 0.6 : heavy ? 1.4 : 1;
  const words = [
    long ? 'long' : short ? 'short' : '',
    heavy ? 'heavy' : '',
    curved ? 'curved' : '',
    square ? 'square' : broad ? 'broad' : thin ? 'thin' : '',
    pointed && !square ? 'pointed' : '',
  ].filter(Boolean);
  return {
    length,
    width,
    curved,
    square,
    pointed,
    heavy,
    folding,
    weapon,
    summary: `knife: ${words.join(' ')}${words.length ? ' ' : ''}blade${folding ? ' folding into its handle' : ''}${weapon ? ' with a guard' : ''}`,
  };
});
