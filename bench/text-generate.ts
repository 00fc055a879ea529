/**
 * Text-to-3D end to end: a prompt submitted over HTTP (Fastify inject on the real stack: SQLite,
 * embedded queue, one worker thread running the built-in generate-text engine) until its status is
 * Done, per tier; plus fast mode against the same request without it. Also times the engine alone
 * (same process, warm) to show where the time goes.
 *
 *   npx tsx bench/text-generate.ts                       # default prompts, 3 runs each
 *   BENCH_RUNS=5 npx tsx bench/text-generate.ts
 *   BENCH_PROMPT_SET=open npx tsx bench/text-generate.ts   # three open-suite prompts (family generators)
 *   BENCH_PROMPT_SET=made npx tsx bench/text-generate.ts   # three fresh-2 prompts of the forms added beyond the families
 *   BENCH_TIERS=medium npx tsx bench/text-generate.ts      # the Medium row only
 */
import { loadavg } from 'node:os';
import { multipartBody, startHttpStack } from './support/http-stack.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PROMPT_SETS: Record<string, string[]> = {
  open: [
    'a DSLR photo of a frog sitting on a lily pad',
    'a yellow bulldozer, product photography',
    'a vintage record player',
  ],
  made: [
    'a pan of seafood paella, overhead shot',
    'low poly 3d model of a tuk-tuk, bangkok street',
    'a clawfoot bathtub',
  ],
};
const PROMPTS = PROMPT_SETS[process.env.BENCH_PROMPT_SET ?? ''] ?? [
  'a red wooden chair with four legs',
  'a tall stone lighthouse',
  'a cute cartoon dog',
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  const { app, auth, close } = await startHttpStack('textbench');

  async function submitAndWait(
    fields: Record<string, string>,
  ): Promise<{ ms: number; submitMs: number; prompt: string; status: string }> {
    const t0 = performance.now();
    const { payload, headers } = multipartBody(fields);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v2/generate',
      payload,
      headers: { ...headers, ...auth },
    });
    const body = res.json() as {
      uuid: string;
      prompt: string;
      jobs: { subscription_key: string };
      error?: string;
      message?: string;
    };
    if (!body.uuid) throw new Error(`submit refused: ${res.statusCode} ${res.body}`);
    const submitMs = performance.now() - t0;
    for (;;) {
      const s = await app.inject({
        method: 'POST',
        url: '/api/v2/status',
        payload: { subscription_key: body.jobs.subscription_key },
        headers: auth,
      });
      const status = (s.json() as { jobs: { status: string }[] }).jobs[0].status;
      if (status === 'Done' || status === 'Failed')
        return { ms: performance.now() - t0, submitMs, prompt: body.prompt, status };
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  console.log(
    `load average at start: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (2 cores shared)`,
  );
  // The worker thread loads WordNet, compromise and manifold on its first task: measured apart.
  const first = await submitAndWait({ prompt: 'a small wooden stool', tier: 'Gen-2.5-Medium' });
  console.log(`first task (cold worker): ${(first.ms / 1000).toFixed(2)} s, ${first.status}`);

  const rows: string[] = [];
  for (const [label, fields] of [
    ['Gen-2.5-Medium (150k faces, 2K PBR)', { tier: 'Gen-2.5-Medium' }],
    ['Gen-2.5-Low (20k faces, 2K PBR)', { tier: 'Gen-2.5-Low', quality: 'low' }],
    ['Gen-2.5-Low fast mode (quality_override 20000)', { tier: 'Gen-2.5-Low', quality_override: '20000' }],
  ] as [string, Record<string, string>][]) {
    if (process.env.BENCH_TIERS === 'medium' && !label.startsWith('Gen-2.5-Medium')) continue;
    const times: number[] = [];
    const submits: number[] = [];
    let failed = 0;
    for (let r = 0; r < RUNS; r++) {
      for (const prompt of PROMPTS) {
        const out = await submitAndWait({ prompt, seed: String(r + 1), ...fields });
        if (out.status !== 'Done') failed++;
        times.push(out.ms);
        submits.push(out.submitMs);
      }
    }
    rows.push(
      `| ${label} | ${(median(times) / 1000).toFixed(2)} s | ${(Math.max(...times) / 1000).toFixed(2)} s | ${median(submits).toFixed(0)} ms | ${times.length - failed}/${times.length} |`,
    );
  }
  console.log('| request | median submit → Done | max | median submit (response incl. prompt) | Done |');
  console.log('|---|---|---|---|---|');
  for (const r of rows) console.log(r);
  console.log(
    `load average at end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const env = ['BENCH_RUNS', 'BENCH_PROMPT_SET', 'BENCH_TIERS']
    .filter((k) => process.env[k])
    .map((k) => `${k}=${process.env[k]} `)
    .join('');
  console.log(`command: ${env}npx tsx bench/text-generate.ts`);
  await close();
}

await main();
