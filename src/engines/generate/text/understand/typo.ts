/** Typo tolerance: optimal-string-alignment distance with an early exit once `max` is exceeded. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = cur[0];
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n];
}

/** Edits tolerated for a word of this length: none below 4 letters, one up to 6, two beyond. */
export function toleranceFor(word: string, allowShort = false): number {
  if (word.length === 3 && allowShort) return 1;
  if (word.length < 4) return 0;
  return word.length <= 6 ? 1 : 2;
}

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u']);

/**
 * True when `word` is `target` with one of the commonest slips: a letter left out, two neighbouring
 * letters swapped, a letter typed twice, or one vowel for another. Other single edits (a consonant
 * changed, a stray letter) are likelier a different word.
 */
export function commonSlip(word: string, target: string): boolean {
  return slipRank(word, target) < OTHER_EDIT;
}

/** {@link slipRank} of an edit that is none of the common slips. */
export const OTHER_EDIT = 4;

/**
 * How common the one-edit slip from `target` to `word` is: 0 a letter left out, 1 two neighbours
 * swapped, 2 a letter typed twice, 3 one vowel for another, 4 any other edit ("pino" is the piano
 * before the pine, "drll" the drill before the doll).
 */
export function slipRank(word: string, target: string): number {
  if (target.length === word.length + 1) {
    let i = 0;
    while (i < word.length && word[i] === target[i]) i++;
    return word.slice(i) === target.slice(i + 1) ? 0 : OTHER_EDIT;
  }
  if (target.length === word.length - 1) {
    let i = 0;
    while (i < target.length && word[i] === target[i]) i++;
    return word.slice(i + 1) === target.slice(i) && i > 0 && word[i] === word[i - 1] ? 2 : OTHER_EDIT;
  }
  if (target.length !== word.length) return OTHER_EDIT;
  const diff: number[] = [];
  for (let i = 0; i < word.length; i++) if (word[i] !== target[i]) diff.push(i);
  if (diff.length === 2)
    return diff[1] === diff[0] + 1 && word[diff[0]] === target[diff[1]] && word[diff[1]] === target[diff[0]]
      ? 1
      : OTHER_EDIT;
  return diff.length === 1 && VOWELS.has(word[diff[0]]) && VOWELS.has(target[diff[0]]) ? 3 : OTHER_EDIT;
}

/**
 * The closest vocabulary word within tolerance, or undefined. At one edit the commoner slip ({@link
 * slipRank}: "shep" → sheep, not shed) comes first; remaining ties go to the first in `vocabulary`.
 */
export function closestWord(
  word: string,
  vocabulary: Iterable<string>,
  options: { allowShort?: boolean } = {},
): string | undefined {
  const max = toleranceFor(word, options.allowShort);
  if (max === 0) return undefined;
  let best: string | undefined;
  let bestD = max + 1;
  let bestRank = OTHER_EDIT;
  for (const candidate of vocabulary) {
    if (candidate.length < Math.min(4, word.length) || candidate.includes(' ')) continue;
    // Three letters leave too little to go on: only a swapped pair counts ("dgo" → dog, not "aus" → bus).
    if (word.length === 3 && [...word].sort().join('') !== [...candidate].sort().join('')) continue;
    const d = editDistance(word, candidate, Math.min(max, bestD));
    if (d > max || d > bestD) continue;
    const rank = d === 1 ? slipRank(word, candidate) : OTHER_EDIT;
    if (d < bestD || rank < bestRank) {
      best = candidate;
      bestD = d;
      bestRank = rank;
    }
  }
  return bestD <= max ? best : undefined;
}
