/**
 * `kiln mcp` as an agent meets it: the official MCP SDK's client starts the command over stdio against
 * a live Kiln, lists the tools, makes an asset end to end (progress notifications, files on disk) and
 * reads status and balance; a refusal comes back as a tool error carrying the catalogue code.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import validator from 'gltf-validator';
import { startHarness, type Harness } from '../api/harness.ts';
import { tempDir } from '../store/databases.ts';

let h: Harness;
let client: Client;
const temp = tempDir('kiln-mcp-');

before(async () => {
  h = await startHarness();
  h.services.startWorkers({ count: 1 });
  const url = await h.app.listen({ host: '127.0.0.1', port: 0 });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [new URL('../../bin/kiln.mjs', import.meta.url).pathname, 'mcp'],
    env: {
      ...(process.env as Record<string, string>),
      KILN_URL: url,
      KILN_API_KEY: h.key,
      KILN_MCP_DOWNLOAD_DIR: temp.dir,
    },
    stderr: 'pipe',
  });
  client = new Client({ name: 'kiln-test', version: '1.0.0' });
  await client.connect(transport);
});
after(async () => {
  await client.close();
  await h.close();
  temp.remove();
});

test('lists the seven tools with argument schemas', async () => {
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((tool) => tool.name).sort(), [
    'balance',
    'bang',
    'convert',
    'download',
    'generate',
    'status',
    'texture',
  ]);
  assert.ok(tools.every((tool) => tool.inputSchema.type === 'object' && tool.description));
});

test('generate makes an asset end to end: progress, then the files on disk as resource links', async () => {
  const progress: number[] = [];
  const result = await client.callTool({ name: 'generate', arguments: { prompt: 'a small wooden boat' } }, undefined, {
    onprogress: (update) => progress.push(update.progress),
    timeout: 180_000,
  });
  assert.ok(!result.isError, JSON.stringify(result.content));
  const value = result.structuredContent as { uuid: string; state: string; paths: string[] };
  assert.equal(value.state, 'Done');
  assert.ok(value.paths.length >= 2);
  const links = (result.content as Array<{ type: string; uri?: string }>).filter(
    (item) => item.type === 'resource_link',
  );
  assert.equal(links.length, value.paths.length);
  for (const path of value.paths) assert.ok(existsSync(path), path);
  const glb = value.paths.find((path) => path.endsWith('.glb'))!;
  const report = (await validator.validateBytes(new Uint8Array(readFileSync(glb)))) as {
    issues: { numErrors: number };
  };
  assert.equal(report.issues.numErrors, 0);
  assert.ok(progress.length > 0, 'progress notifications arrived');

  const status = await client.callTool({ name: 'status', arguments: { uuid: value.uuid } });
  assert.equal((status.structuredContent as { state: string }).state, 'Done');
  const balance = await client.callTool({ name: 'balance', arguments: {} });
  assert.equal((balance.structuredContent as { balance: number }).balance, 100 - 0.5);
  const again = await client.callTool({ name: 'download', arguments: { uuid: value.uuid, dir: `${temp.dir}/again` } });
  assert.equal((again.structuredContent as { paths: string[] }).paths.length, value.paths.length);
});

test('a refusal is a tool error with the catalogue code', async () => {
  const result = await client.callTool({ name: 'status', arguments: { uuid: 'no-such-task' } });
  assert.equal(result.isError, true);
  assert.match((result.content as Array<{ text: string }>)[0]!.text, /^NO_SUCH_TASK: /);
});
