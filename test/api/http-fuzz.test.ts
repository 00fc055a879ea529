/**
 * Issue 17: a seeded, bounded HTTP fuzz campaign over every route and input class. Every answer is an
 * acceptance or a Kiln error code, none takes more than 5 s, the process never crashes and stays under
 * a memory ceiling, a refused submission never moves the balance, and the ledger adds up at the end.
 *
 * KILN_HTTP_FUZZ_CASES (default 2000) and KILN_HTTP_FUZZ_SEED (default 17) widen or move the run; a
 * failure names the case index, which reproduces with the same seed.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { ERROR_CATALOGUE } from '../../src/errors.ts';
import { startHarness, type Harness } from './harness.ts';
import { buildCorpus, Dice, rng, type Corpus } from './fuzz/corpus.ts';
import { generateCase, type CaseContext } from './fuzz/http-cases.ts';

const CASES = Number(process.env.KILN_HTTP_FUZZ_CASES ?? 2000);
const SEED = Number(process.env.KILN_HTTP_FUZZ_SEED ?? 17);
const MAX_ANSWER_MS = 5_000;
const RSS_CEILING_MB = Number(process.env.KILN_HTTP_FUZZ_RSS_MB ?? 1536);
const CREDITS = 1_000_000;

let h: Harness;
let corpus: Corpus;
const crashes: string[] = [];
const onCrash = (error: unknown) => crashes.push(String((error as Error)?.stack ?? error));

before(async () => {
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
  h = await startHarness({
    credits: CREDITS,
    env: {
      KILN_MAX_IN_FLIGHT: '1000000',
      KILN_RATE_LIMIT_PER_MINUTE: '0',
      KILN_MAX_FILE_BYTES: String(2 * 1024 * 1024),
      KILN_MAX_TOTAL_BYTES: String(6 * 1024 * 1024),
    },
  });
  corpus = await buildCorpus();
});
after(async () => {
  process.off('uncaughtException', onCrash);
  process.off('unhandledRejection', onCrash);
  await h.close();
});

const CODES = new Set(Object.keys(ERROR_CATALOGUE));

test(`${CASES} seeded hostile requests: Kiln codes or acceptances only, no crash, < 5 s each, no wrong charge, ledger consistent`, async () => {
  const principal = (await h.services.accounts.authenticate(h.key))!;
  const seedTask = await h.app.inject({
    method: 'POST',
    url: '/api/v2/generate',
    headers: h.auth,
    payload: { prompt: 'fuzz seed task' },
  });
  const ctx: CaseContext = {
    corpus,
    auth: h.auth.authorization,
    taskUuid: seedTask.json().uuid,
    subscriptionKey: seedTask.json().jobs.subscription_key,
  };
  let expectedCharged = seedTask.json().consumed as number;
  let accepted = 1;
  const problems: string[] = [];
  const statuses: Record<string, number> = {};
  let slowest = 0;
  let peakRssMb = 0;

  for (let index = 0; index < CASES && problems.length < 10; index++) {
    const dice = new Dice(rng(SEED * 1_000_003 + index));
    const c = generateCase(dice, ctx, index);
    const before = c.submission ? await h.services.accounts.balance(principal.accountId) : 0;
    const started = performance.now();
    let response;
    try {
      response = await h.app.inject({
        method: c.method,
        url: c.url,
        headers: c.headers,
        ...(c.payload !== undefined ? { payload: c.payload } : {}),
      });
    } catch (error) {
      problems.push(`#${index} ${c.label}: inject threw ${(error as Error).message}`);
      continue;
    }
    const ms = performance.now() - started;
    slowest = Math.max(slowest, ms);
    peakRssMb = Math.max(peakRssMb, process.memoryUsage().rss / 2 ** 20);
    statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
    const where = `#${index} ${c.label} → ${response.statusCode} ${response.body.slice(0, 160)}`;
    if (ms > MAX_ANSWER_MS) problems.push(`${where}: answered in ${Math.round(ms)} ms`);
    if (response.statusCode >= 500) problems.push(`${where}: server error`);
    let body: Record<string, unknown> | undefined;
    try {
      body = c.method === 'HEAD' || response.body === '' ? undefined : (response.json() as Record<string, unknown>);
    } catch {
      body = undefined;
    }
    const refused = response.statusCode >= 400 || typeof body?.error === 'string';
    if (refused && c.method !== 'HEAD' && (!body || typeof body.error !== 'string' || !CODES.has(body.error))) {
      problems.push(`${where}: refusal without a Kiln error code`);
    }
    if (c.submission) {
      const charged = before - (await h.services.accounts.balance(principal.accountId));
      const acceptedNow = response.statusCode === 201 && body !== undefined && !('error' in body);
      const replayed = response.headers['idempotent-replayed'] === 'true';
      const due = acceptedNow && !replayed ? Number(body!.consumed) : 0;
      if (Math.abs(charged - due) > 1e-9) problems.push(`${where}: charged ${charged}, expected ${due}`);
      if (acceptedNow && !replayed) {
        accepted += 1;
        expectedCharged += due;
      }
    }
  }
  if (peakRssMb > RSS_CEILING_MB)
    problems.push(`peak RSS ${Math.round(peakRssMb)} MB over the ${RSS_CEILING_MB} MB ceiling`);
  assert.deepEqual(problems, [], problems.join('\n'));
  assert.deepEqual(crashes, [], crashes.join('\n'));

  const balance = await h.services.accounts.balance(principal.accountId);
  const ledger = await h.services.accounts.ledger(principal.accountId);
  const sum = ledger.reduce((total, entry) => total + entry.amount, 0);
  assert.ok(Math.abs(sum - balance) < 1e-6, `ledger sums to ${sum}, balance is ${balance}`);
  assert.ok(
    Math.abs(CREDITS - balance - expectedCharged) < 1e-6,
    `charged ${CREDITS - balance}, accepted submissions cost ${expectedCharged}`,
  );
  assert.equal(ledger.filter((entry) => entry.kind === 'reserve').length, accepted);
  console.log(
    `http fuzz: ${CASES} cases, seed ${SEED}, statuses ${JSON.stringify(statuses)}, accepted ${accepted}, slowest ${Math.round(slowest)} ms, peak RSS ${Math.round(peakRssMb)} MB`,
  );
});
