/**
 * How the object Kiln makes is spelt: prompts split hyphens into words ("ring-tailed lemur" is read as
 * "ring tailed lemur"), but the thing is named as the prompt spelt it, hyphens included ("yo-yo",
 * "red-tailed hawk"); a prompt's "hot air balloon" stays unhyphenated, whatever WordNet prefers.
 */

/** The noun with spaces and hyphens alike, for comparing spellings. */
export const spacedNoun = (noun: string) => noun.replace(/[-\s]+/g, ' ').trim();

/** The noun as the prompt hyphenates it, else as given. */
export function spelledAsPrompt(noun: string, prompt: string | undefined): string {
  if (!prompt || !noun.includes(' ')) return noun;
  const words = spacedNoun(noun)
    .split(' ')
    .map((w) => w.replace(/[^a-z0-9]/g, ''));
  if (words.some((w) => !w)) return noun;
  const spelt = new RegExp(`\\b${words.join('[-\\s]+')}\\b`).exec(prompt.toLowerCase())?.[0];
  return spelt?.includes('-') ? spelt : noun;
}
