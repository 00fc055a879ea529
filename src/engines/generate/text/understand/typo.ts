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

/** The closest vocabulary word within tolerance (ties: the first in `vocabulary`), or undefined. */
export function closestWord(word: string, vocabulary: Iterable<string>, options: { allowShort?: boolean } = {}): string | undefined {
  const max = toleranceFor(word, options.allowShort);
  if (max === 0) return undefined;
  let best: string | undefined;
  let bestD = max + 1;
  for (const candidate of vocabulary) {
    if (candidate.length < Math.min(4, word.length) || candidate.includes(' ')) continue;
    // Three letters leave too little to go on: only a swapped pair counts ("dgo" → dog, not "aus" → bus).
    if (word.length === 3 && [...word].sort().join('') !== [...candidate].sort().join('')) continue;
    const d = editDistance(word, candidate, Math.min(max, bestD - 1));
    if (d < bestD) {
      best = candidate;
      bestD = d;
      if (d === 1) break;
    }
  }
  return bestD <= max ? best : undefined;
}
