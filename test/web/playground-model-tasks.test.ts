/**
 * The playground's Texture and Convert tabs in a real browser (Debian's Chromium) against a listening
 * server with the fixture engine: convert an uploaded model with chosen options, then texture the
 * result by its asset id with two labelled pictures; the options reach the tasks as chosen.
 * Skips with a message when /usr/bin/chromium is absent.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { loadConfig } from '../../src/config.ts';
import { createServices, type Services } from '../../src/services.ts';
import { EngineRegistry } from '../../src/engines/registry.ts';
import { buildApp } from '../../src/api/index.ts';

const CHROMIUM = process.env.KILN_CHROMIUM ?? '/usr/bin/chromium';
const skip = existsSync(CHROMIUM) ? false : `${CHROMIUM} is absent (apt-get install -y chromium): browser test of the playground skipped`;
const ENGINE_URL = new URL('./fixture-engine.ts', import.meta.url).href;
const CUBE_OBJ = readFileSync(new URL('../fixtures/models/blender-cube.obj', import.meta.url));

let dataDir: string;
let profile: string;
let services: Services;
let app: FastifyInstance;
let base: string;
let key: string;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

before(async () => {
  if (skip) return;
  dataDir = await mkdtemp(join(tmpdir(), 'kiln-web-model-'));
  profile = await mkdtemp(join(tmpdir(), 'kiln-chromium-model-'));
  const config = loadConfig({ KILN_DATA_DIR: dataDir, KILN_SIGNING_SECRET: 'web-test-secret', KILN_WORKERS: '1' });
  const engines = new EngineRegistry();
  services = await createServices(config, { engines, builtins: false });
  for (const kind of ['texture', 'convert'] as const) engines.register(kind, ENGINE_URL);
  app = await buildApp({ services, config, processMetrics: false });
  services.startWorkers({ count: 1 });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  key = (await services.accounts.createKey({ name: 'browser', credits: 10 })).key;
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 900 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--enable-unsafe-swiftshader'],
  });
  page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

after(async () => {
  if (skip) return;
  await context?.close();
  await app?.close();
  await services?.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(profile, { recursive: true, force: true });
});

async function record(): Promise<any> {
  const uuid = await page.textContent('#task-uuid');
  return (await fetch(`${base}/api/v2/tasks/${uuid}`, { headers: { authorization: `Bearer ${key}` } })).json();
}

test('Convert an uploaded model, then Texture the result by asset id with labelled pictures', { skip, timeout: 90_000 }, async () => {
  await page.goto(`${base}/`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Use key' }).click();
  await page.waitForFunction(() => document.getElementById('balance')?.dataset.balance === '10');

  await page.getByRole('tab', { name: 'Convert' }).click();
  await page.locator('#convert-form input[value="model"]').check();
  await page.setInputFiles('#convert-model-file', { name: 'cube.obj', mimeType: 'text/plain', buffer: CUBE_OBJ });
  await page.fill('#convert-faces', '2000');
  await page.selectOption('#convert-geometry-file-format', 'fbx');
  await page.selectOption('#convert-mesh-mode', 'Quad');
  await page.selectOption('#convert-pivot', 'bottom-centre');
  await page.selectOption('#convert-up-axis', 'Z');
  await page.locator('#convert-form button[type="submit"]').click();
  await page.waitForSelector('#task-status[data-status="Done"]', { timeout: 30_000 });
  assert.equal(await page.textContent('#task-consumed'), '0.1 credits');
  const converted = await record();
  assert.deepEqual(
    [converted.parameters.kind, converted.parameters.faceBudget, converted.parameters.geometryFileFormat, converted.parameters.meshMode, converted.parameters.pivot, converted.parameters.upAxis],
    ['convert', 2000, 'fbx', 'Quad', 'bottom-centre', 'Z'],
  );

  await page.getByRole('tab', { name: 'Texture' }).click();
  await page.fill('#texture-asset-id', converted.uuid);
  const picture = await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 200, g: 60, b: 40 } } }).png().toBuffer();
  await page.setInputFiles('#texture-images', [{ name: 'front.png', mimeType: 'image/png', buffer: picture }, { name: 'right.png', mimeType: 'image/png', buffer: picture }]);
  await page.fill('#texture-labels', 'F, R');
  await page.selectOption('#texture-resolution', 'High');
  const before = await page.textContent('#task-uuid');
  await page.locator('#texture-form button[type="submit"]').click();
  await page.waitForFunction((old) => document.getElementById('task-uuid')?.textContent !== old, before);
  await page.waitForSelector('#task-status[data-status="Done"]', { timeout: 30_000 });
  const textured = await record();
  assert.deepEqual(
    [textured.parameters.kind, textured.parameters.mode, textured.parameters.assetId, textured.parameters.imageLabels, textured.parameters.textureResolution],
    ['texture', 'asset', converted.uuid, ['F', 'R'], 4096],
  );
  await page.waitForFunction(() => document.getElementById('balance')?.dataset.balance === '9.4');
  assert.deepEqual(pageErrors, []);
});
