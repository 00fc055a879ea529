/**
 * The playground's static route through `inject`: the page, its module and styles and the three.js
 * files it imports are served with the right types, caching and a CSP that lets the page run; nothing
 * outside the whitelist is reachable.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { startHarness, type Harness } from '../api/harness.ts';
import { THREE_BASE } from '../../src/api/routes/web.ts';

let h: Harness;
before(async () => {
  h = await startHarness({ kinds: [] });
});
after(() => h.close());

/** The directive of a CSP header as a list of sources. */
function directive(csp: string, name: string): string[] {
  const found = csp
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name);
  return found ? found.slice(1) : [];
}

test('GET / and /playground serve the page with a CSP that admits its import map and own scripts only', async () => {
  for (const url of ['/', '/playground']) {
    const response = await h.app.inject({ url });
    assert.equal(response.statusCode, 200, url);
    assert.equal(response.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(response.headers['cache-control'], 'no-cache');
    assert.match(response.body, /<script type="module" src="\/web\/playground.js">/);
    assert.match(response.body, /<label for="api-key">/);
    const csp = String(response.headers['content-security-policy']);
    const map = /<script type="importmap">([\s\S]*?)<\/script>/.exec(response.body)![1];
    assert.deepEqual(JSON.parse(map).imports.three, `${THREE_BASE}/build/three.module.js`);
    const hash = `'sha256-${createHash('sha256').update(map).digest('base64')}'`;
    assert.deepEqual(directive(csp, 'script-src'), ["'self'", hash]);
    assert.ok(!csp.includes('unsafe-inline') && !csp.includes('unsafe-eval'), csp);
    assert.ok(directive(csp, 'img-src').includes('blob:'), csp);
    assert.deepEqual(directive(csp, 'frame-ancestors'), ["'none'"]);
  }
});

test('the module, the styles and the imported three.js files are served with their types and cache rules', async () => {
  const script = await h.app.inject({ url: '/web/playground.js' });
  assert.equal(script.statusCode, 200);
  assert.equal(script.headers['content-type'], 'text/javascript; charset=utf-8');
  assert.match(script.body, /from '\.\/viewer.js'/);
  const viewer = await h.app.inject({ url: '/web/viewer.js' });
  assert.equal(viewer.headers['content-type'], 'text/javascript; charset=utf-8');
  assert.match(viewer.body, /from 'three\/addons\/loaders\/GLTFLoader.js'/);
  const styles = await h.app.inject({ url: '/web/playground.css' });
  assert.equal(styles.headers['content-type'], 'text/css; charset=utf-8');

  // Every relative or mapped import reachable from the page resolves to a served file.
  for (const file of [
    'build/three.module.js',
    'build/three.core.js',
    'examples/jsm/loaders/GLTFLoader.js',
    'examples/jsm/controls/OrbitControls.js',
    'examples/jsm/environments/RoomEnvironment.js',
    'examples/jsm/utils/BufferGeometryUtils.js',
    'examples/jsm/utils/SkeletonUtils.js',
  ]) {
    const response = await h.app.inject({ url: `${THREE_BASE}/${file}` });
    assert.equal(response.statusCode, 200, file);
    assert.equal(response.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable');
    for (const [, spec] of response.body.matchAll(/^(?:import|export)[^;]*?from '(\.[^']+)'/gm)) {
      const target = new URL(spec, `http://x${THREE_BASE}/${file}`).pathname;
      assert.equal((await h.app.inject({ url: target })).statusCode, 200, `${file} imports ${target}`);
    }
  }
});

test('a matching ETag gets 304; files outside the whitelist are 404', async () => {
  const first = await h.app.inject({ url: '/web/playground.js' });
  const again = await h.app.inject({
    url: '/web/playground.js',
    headers: { 'if-none-match': String(first.headers.etag) },
  });
  assert.equal(again.statusCode, 304);
  assert.equal(again.body, '');
  for (const url of [
    '/web/index.html',
    '/web/..%2Fpackage.json',
    `${THREE_BASE}/package.json`,
    `${THREE_BASE}/../../package.json`,
    `${THREE_BASE}/examples/jsm/loaders/OBJLoader.js`,
  ]) {
    assert.equal((await h.app.inject({ url })).statusCode, 404, url);
  }
});

test('the JSON API keeps its own strict CSP', async () => {
  const response = await h.app.inject({ url: '/api/v2/check_balance', headers: h.auth });
  assert.equal(response.headers['content-security-policy'], "default-src 'none'; frame-ancestors 'none'");
});
