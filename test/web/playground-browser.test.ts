/**
 * The playground in a real browser (Debian's Chromium driven by playwright-core) against a real listening
 * server with a fixture engine: enter a key, see the balance, submit a prompt, watch the stages, see the
 * GLB loaded in the 3D view with its download listed, then Bang that asset and explode the pieces.
 * Skips with a message when /usr/bin/chromium is absent (`apt-get install -y chromium`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signIn, skip, usePlayground } from './playground-harness.ts';
import sharp from 'sharp';
import { sceneGlb } from './fixture-engine.ts';

/** A picture of a coloured square on white, as a PNG. */
async function png(rgb: [number, number, number]): Promise<Buffer> {
  const square = await sharp({
    create: { width: 32, height: 32, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width: 64, height: 64, channels: 3, background: '#ffffff' } })
    .composite([{ input: square, left: 16, top: 16 }])
    .png()
    .toBuffer();
}

const SCREENSHOT = join(tmpdir(), 'kiln-playground.png');

const playground = usePlayground({
  kinds: ['generate-text', 'generate-image', 'bang'],
  tempPrefix: 'kiln-web',
  consoleErrors: true,
});

/** Submits a form and waits until the page follows the new task (the previous one may also be Done). */
async function submitAndWait(form: string): Promise<void> {
  const { page } = playground;
  const before = await page.textContent('#task-uuid');
  await page.locator(`${form} button[type="submit"]`).click();
  await page.waitForFunction((old) => document.getElementById('task-uuid')?.textContent !== old, before);
}

test('key → balance → prompt → progress → Done → GLB in the 3D view and its download listed; Bang + explode; labelled images', {
  skip,
  timeout: 90_000,
}, async () => {
  const { page, base, key, pageErrors } = playground;
  await signIn(playground);
  assert.equal(await page.evaluate(() => sessionStorage.getItem('kiln.apiKey')), key);
  assert.equal(await page.evaluate(() => localStorage.length), 0);

  // An API refusal is shown with its code and message: neither prompt nor images.
  await page.getByRole('button', { name: 'Generate', exact: true }).last().click();
  await page.waitForSelector('#message:not([hidden])');
  assert.match((await page.textContent('#message')) ?? '', /^INVALID_REQUEST: .+/);

  // The page follows the task through its event stream (EventSource on the signed events_url), not /status.
  const followedBy: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/events?')) followedBy.push('events');
    else if (request.url().endsWith('/api/v2/status')) followedBy.push('status');
  });
  await page
    .getByLabel(/^Prompt/)
    .first()
    .fill('a small clay cube');
  await page.locator('#generate-form button[type="submit"]').click();
  const stages = await page.waitForFunction(
    () => /^Generating — \w+ \d+%$/.test(document.getElementById('task-status')?.textContent ?? ''),
    null,
    { timeout: 30_000 },
  );
  assert.ok(stages);
  await page.waitForSelector('#task-status[data-status="Done"]', { timeout: 30_000 });
  await page.waitForSelector('#viewer[data-state="loaded"]', { timeout: 15_000 });
  assert.ok(followedBy.includes('events') && !followedBy.includes('status'), `followed by ${followedBy.join(', ')}`);
  assert.equal(await page.getAttribute('#viewer', 'data-nodes'), '1');
  const links = await page.$$eval('#downloads a', (anchors) =>
    anchors.map((a) => ({ name: a.textContent, href: (a as HTMLAnchorElement).href })),
  );
  assert.deepEqual(
    links.map((link) => link.name),
    ['base_basic_pbr.glb'],
  );
  assert.ok(links[0].href.startsWith(`${base}/files/`), links[0].href);
  await page.waitForFunction(() => document.getElementById('balance')?.dataset.balance === '9.5');
  assert.equal(await page.isVisible('#viewer-note'), false, 'the 3D view drew the model (no WebGL or load error note)');
  await page.screenshot({ path: SCREENSHOT, fullPage: true });

  // Bang the finished generation; the pieces come back as part_NN nodes and the explode slider moves them.
  await page.getByRole('button', { name: 'Bang this asset' }).click();
  assert.equal(await page.inputValue('#asset-id'), await page.textContent('#task-uuid'));
  await page.locator('#strength').fill('7');
  assert.equal(await page.textContent('#strength-value'), '7');
  await submitAndWait('#bang-form');
  await page.waitForSelector('#task-status[data-status="Done"]', { timeout: 30_000 });
  await page.waitForSelector('#viewer[data-state="loaded"]', { timeout: 15_000 });
  assert.equal(await page.getAttribute('#viewer', 'data-parts'), '3');
  assert.equal(await page.isVisible('#explode'), true);
  const closed = await page.locator('#viewer-canvas').screenshot();
  await page.locator('#explode').fill('100');
  assert.equal(await page.textContent('#explode-value'), '100%');
  const exploded = await page.locator('#viewer-canvas').screenshot();
  assert.notDeepEqual(exploded, closed, 'exploding moves the pieces on screen');
  await page.screenshot({ path: SCREENSHOT.replace('.png', '-bang.png'), fullPage: true });

  // Custom-model Bang without a reference image: the API's refusal is shown as it was given.
  await page.getByLabel('my own model').check();
  await page.setInputFiles('#bang-model-file', {
    name: 'pieces.glb',
    mimeType: 'model/gltf-binary',
    buffer: Buffer.from(await sceneGlb(3)),
  });
  await page.locator('#bang-form button[type="submit"]').click();
  await page.waitForFunction(() =>
    /^INVALID_REQUEST: .*image/i.test(document.getElementById('message')?.textContent ?? ''),
  );

  // Image-to-3D: two pictures, the second relabelled; the labels and options reach the task as chosen.
  await page.getByRole('tab', { name: 'Generate' }).click();
  await page
    .getByLabel(/^Prompt/)
    .first()
    .fill('');
  await page.setInputFiles('#images', [
    { name: 'front.png', mimeType: 'image/png', buffer: await png([200, 90, 40]) },
    { name: 'back-left.png', mimeType: 'image/png', buffer: await png([40, 90, 200]) },
  ]);
  assert.deepEqual(
    await page.$$eval('#image-list select', (selects) => selects.map((select) => (select as HTMLSelectElement).value)),
    ['F', 'R'],
  );
  await page.getByLabel('View of back-left.png').selectOption('BL');
  await page.getByLabel('Tier', { exact: true }).selectOption('Gen-2.5-High');
  await page.getByLabel('HighPack').check();
  await submitAndWait('#generate-form');
  await page.waitForSelector('#task-status[data-status="Done"]', { timeout: 30_000 });
  await page.screenshot({ path: SCREENSHOT.replace('.png', '-images.png'), fullPage: true });
  const uuid = await page.textContent('#task-uuid');
  const record = await (
    await fetch(`${base}/api/v2/tasks/${uuid}`, { headers: { authorization: `Bearer ${key}` } })
  ).json();
  assert.equal(record.parameters.mode, 'image');
  assert.deepEqual(record.parameters.imageLabels, ['F', 'BL']);
  assert.equal(record.parameters.tier, 'Gen-2.5-High');
  assert.deepEqual(record.parameters.addons, ['HighPack']);

  // History: the key's tasks newest first; Delete removes a finished one (and the API forgets it).
  await page.getByRole('button', { name: 'Refresh' }).click();
  await page.waitForSelector(`#history li:first-child[data-uuid="${uuid}"][data-state="Done"]`);
  await page.locator(`#history li[data-uuid="${uuid}"] button`).click();
  await page.waitForSelector(`#history li[data-uuid="${uuid}"]`, { state: 'detached' });
  const gone = await fetch(`${base}/api/v2/tasks/${uuid}`, { headers: { authorization: `Bearer ${key}` } });
  assert.equal(gone.status, 404);

  assert.deepEqual(
    pageErrors.filter((text) => !/Failed to load resource/.test(text)),
    [],
  );
});
