/**
 * What every playground browser test stands on: a listening server with the fixture engine registered
 * for the kinds under test, one account key with 10 credits, and a headless Debian Chromium page that
 * records uncaught page errors (and console errors when asked). `skip` says why when /usr/bin/chromium
 * is absent.
 */
import { after, before } from 'node:test';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../src/config.ts';
import { createServices, type Services } from '../../src/services.ts';
import type { EngineKind } from '../../src/domain/task-spec.ts';
import { EngineRegistry } from '../../src/engines/registry.ts';
import { buildApp } from '../../src/api/index.ts';

/** Debian's package; KILN_CHROMIUM points elsewhere. */
const CHROMIUM = process.env.KILN_CHROMIUM ?? '/usr/bin/chromium';
export const skip = existsSync(CHROMIUM)
  ? false
  : `${CHROMIUM} is absent (apt-get install -y chromium): browser test of the playground skipped`;
const ENGINE_URL = new URL('./fixture-engine.ts', import.meta.url).href;
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--enable-unsafe-swiftshader',
];

export interface Playground {
  base: string;
  key: string;
  page: Page;
  pageErrors: string[];
  close(): Promise<void>;
}

export interface PlaygroundOptions {
  /** Engine kinds served by the fixture engine. */
  kinds: readonly EngineKind[];
  /** Prefix of the temporary data and browser-profile folders. */
  tempPrefix: string;
  /** Also record console.error messages in `pageErrors` (default false). */
  consoleErrors?: boolean;
}

export async function startPlayground({
  kinds,
  tempPrefix,
  consoleErrors = false,
}: PlaygroundOptions): Promise<Playground> {
  const dataDir = await mkdtemp(join(tmpdir(), `${tempPrefix}-`));
  const profile = await mkdtemp(join(tmpdir(), `${tempPrefix}-chromium-`));
  const config = loadConfig({ KILN_DATA_DIR: dataDir, KILN_SIGNING_SECRET: 'web-test-secret', KILN_WORKERS: '1' });
  const engines = new EngineRegistry();
  const services: Services = await createServices(config, { engines, builtins: false });
  for (const kind of kinds) engines.register(kind, ENGINE_URL);
  const app: FastifyInstance = await buildApp({ services, config, processMetrics: false });
  services.startWorkers({ count: 1 });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const key = (await services.accounts.createKey({ name: 'browser', credits: 10 })).key;
  const context: BrowserContext = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 900 },
    args: CHROMIUM_ARGS,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  if (consoleErrors) {
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
  }
  return {
    base,
    key,
    page,
    pageErrors,
    async close() {
      await context.close();
      await app.close();
      await services.close();
      await rm(dataDir, { recursive: true, force: true });
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/**
 * A playground started before the file's tests and closed after them (nothing starts when skipped).
 * The returned object is filled in by the `before` hook, so read its fields inside tests.
 */
export function usePlayground(options: PlaygroundOptions): Playground {
  const live = {} as Playground;
  before(async () => {
    if (skip) return;
    Object.assign(live, await startPlayground(options));
  });
  after(async () => {
    if (skip) return;
    await live.close?.();
  });
  return live;
}

/** Opens the playground and enters the key; resolves once the balance of 10 credits shows. */
export async function signIn({ page, base, key }: Playground): Promise<void> {
  await page.goto(`${base}/`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Use key' }).click();
  await page.waitForFunction(() => document.getElementById('balance')?.dataset.balance === '10');
}
