/**
 * The Blender add-on (clients/blender) in Debian's Blender, headless, against a live Kiln with the real
 * built-in engines: clients/blender/package.py builds the add-on zip (the Python client vendored in),
 * and clients/blender/tests/headless_test.py installs it, presses the panel's buttons and reports what
 * the scene holds. Skips with a message when blender is absent outside CI; fails under CI=true.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { startServer, type Server } from '../e2e/engines/server.ts';
import { commandAvailable, requiredTool } from './tools.ts';

const BLENDER_DIR = fileURLToPath(new URL('../../clients/blender/', import.meta.url));
/** A generation, two Bangs, a texture and an image generation on a busy 2-core machine. */
const TEST_TIMEOUT_MS = 1_500_000;

const blender = await commandAvailable('blender', ['--background', '--factory-startup', '--version']);
const skip = requiredTool('blender', blender, 'the add-on is tested in headless Blender');

let server: Server;
let dir: string;

before(async () => {
  if (skip) return;
  server = await startServer({ warm: ['generate-text', 'generate-image'], credits: 20 });
  dir = await mkdtemp(join(tmpdir(), 'kiln-blender-'));
});
after(async () => {
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** A picture of an object on a plain background: an orange disc on white. */
async function discPicture(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#fff"/><circle cx="128" cy="128" r="80" fill="#d2691e"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

interface JobReport {
  label: string;
  status: string;
  error: string | null;
  task: string;
  meshes: string[];
  with_material: number;
  textures: [number, number][];
  collections: string[];
  tagged: boolean;
}

test('headless Blender: the panel generates, Bangs into separate objects and retextures', {
  skip,
  timeout: TEST_TIMEOUT_MS,
}, async () => {
  const zip = join(dir, 'kiln_blender.zip');
  const built = await run('python3', [join(BLENDER_DIR, 'package.py'), zip], process.env);
  assert.equal(built.code, 0, built.output);
  const image = join(dir, 'disc.png');
  await writeFile(image, await discPicture());
  // Blender's user folders in the temporary directory: installing the add-on touches nothing of the user's.
  await mkdir(join(dir, 'config'), { recursive: true });
  const env = {
    PATH: process.env.PATH,
    HOME: dir,
    BLENDER_USER_SCRIPTS: join(dir, 'scripts'),
    BLENDER_USER_CONFIG: join(dir, 'config'),
    KILN_URL: server.base,
    KILN_API_KEY: server.key,
    KILN_ADDON_ZIP: zip,
    KILN_TEST_IMAGE: image,
    KILN_JOB_TIMEOUT: String(Math.floor((TEST_TIMEOUT_MS - 60_000) / 1000)),
  };
  const script = join(BLENDER_DIR, 'tests', 'headless_test.py');
  const { code, output } = await run(
    'blender',
    ['--background', '--factory-startup', '--python-exit-code', '1', '--python', script],
    env,
  );
  const line = output.split('\n').find((text) => text.startsWith('KILN_BLENDER_RESULT '));
  assert.equal(code, 0, `blender exited ${code}:\n${output.slice(-6000)}`);
  assert.ok(line, `no result line:\n${output.slice(-6000)}`);
  const result = JSON.parse(line.slice('KILN_BLENDER_RESULT '.length));
  console.log(JSON.stringify(result, null, 1));

  assert.equal(result.client, 'kiln_client.py', 'the add-on runs the vendored copy of the one Python client');
  assert.equal(result.panel_registered, true);
  assert.deepEqual(result.check_server, ['FINISHED']);
  assert.match(result.refusals.empty_prompt, /type a prompt first/);
  assert.match(result.refusals.no_images, /add 1 to 5 images/);
  assert.match(result.refusals.bang_nothing_selected, /Select a mesh object first/);
  assert.equal(result.jobs_after_refusals, 0, 'a refused press starts no job');
  assert.deepEqual(result.generate_prompt, ['FINISHED']);
  assert.equal(result.returned_while_running, true, 'the operator returned while the job ran in the background');
  assert.equal(result.timer_registered, true, 'a bpy.app.timers callback polls and imports on the main thread');
  assert.equal(result.asset_id_remembered, true);

  const generated: JobReport = result.generated;
  assert.equal(generated.status, 'Imported', generated.error ?? '');
  assert.ok(generated.meshes.length >= 1);
  assert.equal(generated.with_material, generated.meshes.length, 'every imported mesh has a material');
  assert.deepEqual(generated.textures.at(-1), [2048, 2048], 'Extreme-Low textures are 2K (spec §2.1)');
  assert.equal(generated.tagged, true, 'each object records its task uuid');
  for (const [label, seen] of Object.entries(result.progress as Record<string, string[]>)) {
    assert.ok(
      seen.some((summary) => /^Generating \d+% · \w/.test(summary)),
      `${label}: percent and stage were shown: ${seen}`,
    );
    assert.equal(seen.at(-1), 'Imported 100%', label);
  }

  const jobs: Record<string, JobReport> = result.jobs;
  assert.deepEqual(Object.keys(jobs).sort(), ['bang_asset', 'bang_selected', 'generate_images', 'texture']);
  for (const job of Object.values(jobs)) {
    assert.equal(job.status, 'Imported', `${job.label}: ${job.error}`);
    assert.ok(job.meshes.length >= 1, job.label);
    assert.equal(job.with_material, job.meshes.length, `${job.label}: every mesh has a material`);
    assert.ok(job.textures.length > 0, `${job.label}: the materials carry image textures`);
    assert.equal(job.collections.length, 1, `${job.label}: imported into a collection of its own`);
  }
  for (const job of [jobs.bang_selected, jobs.bang_asset]) {
    assert.ok(job.meshes.length >= 2, `${job.label}: pieces are separate objects (${job.meshes})`);
    assert.ok(
      job.meshes.every((name) => /^part_\d\d/.test(name)),
      `${job.label}: pieces keep their part_NN names (${job.meshes})`,
    );
  }
  assert.equal(result.originals_hidden, true, 'the Banged and retextured original is hidden, not deleted');
  const panel: string[] = result.panel;
  for (const item of ['prop:server_url', 'prop:api_key', 'prop:prompt', 'list:images', 'operator:kiln.generate']) {
    assert.ok(panel.includes(item), `the panel draws ${item}: ${panel}`);
  }
  for (const item of ['operator:kiln.bang', 'operator:kiln.texture', 'operator:kiln.job_action']) {
    assert.ok(panel.includes(item), `the panel draws ${item}: ${panel}`);
  }
  assert.ok(
    panel.some((item) => item === 'label:Imported 100%'),
    `the jobs list shows each job's state: ${panel}`,
  );
});
