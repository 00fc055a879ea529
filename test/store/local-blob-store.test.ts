import assert from 'node:assert/strict';
import { text } from 'node:stream/consumers';
import { it } from 'node:test';
import { LocalBlobStore } from '../../src/store/index.ts';
import { tempDir } from './databases.ts';

it('LocalBlobStore puts, reads, streams, lists by prefix and deletes', async () => {
  const temp = tempDir();
  try {
    const blobs = new LocalBlobStore(temp.dir);
    await blobs.put('outputs/t1/model.glb', new TextEncoder().encode('glb bytes'));
    await blobs.put('outputs/t1/preview.webp', new Uint8Array([1, 2, 3]));
    await blobs.put('outputs/t2/model.glb', new Uint8Array([9]));
    await blobs.put('outputs/t1/model.glb', new TextEncoder().encode('new bytes'));
    assert.equal(new TextDecoder().decode((await blobs.get('outputs/t1/model.glb'))!), 'new bytes');
    const streamed = await blobs.stream('outputs/t1/model.glb');
    assert.equal(streamed?.size, 9);
    assert.equal(await text(streamed!.stream), 'new bytes');
    assert.deepEqual(await blobs.list('outputs/t1/'), [
      { key: 'outputs/t1/model.glb', size: 9 },
      { key: 'outputs/t1/preview.webp', size: 3 },
    ]);
    assert.equal((await blobs.list('outputs/')).length, 3);
    assert.equal(await blobs.deletePrefix('outputs/t1/'), 2);
    assert.equal(await blobs.get('outputs/t1/preview.webp'), null);
    assert.equal(await blobs.stream('outputs/t1/model.glb'), null);
    assert.equal((await blobs.list('outputs/')).length, 1);
    await blobs.delete('outputs/t2/model.glb');
    await blobs.delete('outputs/t2/model.glb');
    assert.deepEqual(await blobs.list(''), []);
    for (const bad of ['../escape', '/abs', 'a//b', 'a/./b', 'a\\b', '']) {
      await assert.rejects(blobs.put(bad, new Uint8Array(1)), /Invalid blob key/, bad);
    }
  } finally {
    temp.remove();
  }
});
