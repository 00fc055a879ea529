/**
 * Image-to-3D from a photograph over HTTP (issue 10): a 1024² RGB JPEG (a drawn jug with a contact
 * shadow over a real photograph crop, bench/data/photos/gravel.jpg) sent as Gen-2.5-Medium to the real
 * stack (Fastify inject, SQLite, embedded queue, one worker thread with the built-in engine), timed from
 * submission to Done. The same photograph and seed are sent every run, and the GLBs are compared.
 *
 *   npx tsx bench/photo-http.ts [--runs 3]
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { jugPhotograph as photograph } from './support/pictures.ts';
import { multipartBody, startHttpStack, submitUntilDone } from './support/http-stack.ts';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });

async function main(): Promise<void> {
  console.log(`command: npx tsx bench/photo-http.ts ${process.argv.slice(2).join(' ')}`);
  console.log(
    `load average at start: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (2 cores, shared)`,
  );
  const { app, auth, close } = await startHttpStack('photobench');
  const { payload, headers } = multipartBody({ tier: 'Gen-2.5-Medium', seed: '5', geometry_file_format: 'glb' }, [
    { field: 'images', filename: 'photo.jpg', bytes: await photograph() },
  ]);
  const times: number[] = [];
  const glbs: Buffer[] = [];
  const stages: Record<string, number>[] = [];
  let confidence: unknown;
  const runs = Number(args.runs);
  for (let r = 0; r <= runs; r++) {
    const t0 = performance.now();
    const uuid = await submitUntilDone({ app, auth }, '/api/v2/rodin', { payload, headers });
    const ms = performance.now() - t0;
    const record = (await app.inject({ method: 'GET', url: `/api/v2/tasks/${uuid}`, headers: auth })).json() as {
      notes?: { maskConfidence?: number[]; timings?: Record<string, number> };
    };
    confidence = record.notes?.maskConfidence;
    if (r > 0) stages.push(record.notes?.timings ?? {});
    const list = (
      await app.inject({ method: 'POST', url: '/api/v2/download', payload: { task_uuid: uuid }, headers: auth })
    ).json() as { list: { name: string; url: string }[] };
    const glb = list.list.find((f) => f.name.endsWith('.glb'));
    if (glb)
      glbs.push(
        (
          await app.inject({
            method: 'GET',
            url: new URL(glb.url, 'http://x').pathname + new URL(glb.url, 'http://x').search,
          })
        ).rawPayload,
      );
    if (r > 0) times.push(ms);
    else console.log(`warm-up task (cold worker): ${(ms / 1000).toFixed(2)} s`);
  }
  await close();
  console.log(
    `HTTP, Gen-2.5-Medium, 1024² JPEG photograph, submit → Done: ${times.map((t) => (t / 1000).toFixed(2) + ' s').join(', ')}`,
  );
  console.log(`engine stage timings (ms) per run: ${stages.map((t) => JSON.stringify(t)).join(' ')}`);
  console.log(`mask confidence in the task record: ${JSON.stringify(confidence)}`);
  console.log(
    `GLBs byte-identical across the ${glbs.length} runs: ${glbs.length > 1 && glbs.every((g) => g.equals(glbs[0]))}`,
  );
  console.log(
    `load average at end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}

await main();
