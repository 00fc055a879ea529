/** The GrabCut starts: fast mode cuts the base starts only, the default adds their sharp-edged twins. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { photoCandidates } from '../../../../../src/engines/generate/image/photo/candidates.ts';
import { createCpuSlots } from '../../../../../src/engines/cpu-slots.ts';
import { warmStartHelper } from '../../../../../src/engines/generate/image/photo/start-helper.ts';
import { rgbaToLab } from '../../../../../src/engines/generate/image/photo/colour.ts';
import { photograph } from './pictures.ts';

test('fast mode (no sharp twins) cuts the same base starts, with the same masks, and none of the twins', async () => {
  const jpeg = await photograph('gravel', '<rect x="30" y="25" width="36" height="50" rx="8" fill="#b8281e"/>', 96);
  const { data } = await sharp(jpeg).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const lab = rgbaToLab(new Uint8Array(data), 96 * 96);
  const all = (await photoCandidates(lab, 96, 96, 3, 2)).candidates;
  const fast = (await photoCandidates(lab, 96, 96, 3, 2, { sharpTwins: false })).candidates;
  const twins = all.filter((c) => /-sharp(er)?$/.test(c.start));
  assert.ok(twins.length >= 4, `twins among ${all.map((c) => c.start)}`);
  assert.deepEqual(
    fast.map((c) => c.start),
    all.filter((c) => !twins.includes(c)).map((c) => c.start),
  );
  // Each start draws from its own seeded stream, so leaving the twins out changes no base start's mask.
  for (const c of fast) assert.deepEqual(c.mask, all.find((a) => a.start === c.start)!.mask, c.start);
});

test('starts cut on a helper thread give the same candidates, in the same order, as starts cut on one', async () => {
  const jpeg = await photograph('gravel', '<rect x="30" y="25" width="36" height="50" rx="8" fill="#b8281e"/>', 96);
  const { data } = await sharp(jpeg).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const lab = rgbaToLab(new Uint8Array(data), 96 * 96);
  const one = (await photoCandidates(lab, 96, 96, 3, 2, {})).candidates;
  // A job that finds the helper still starting is cut here alone; once it is up the two threads share.
  await warmStartHelper();
  let helped = 0;
  for (let job = 0; job < 2; job++) {
    const { candidates: two, onHelper } = await photoCandidates(lab, 96, 96, 3, 2, { cpu: createCpuSlots(1, 2) });
    helped += onHelper;
    assert.deepEqual(
      two.map((c) => c.start),
      one.map((c) => c.start),
    );
    for (const [i, c] of two.entries()) {
      assert.deepEqual(c.mask, one[i].mask, c.start);
      assert.equal(c.confidence, one[i].confidence, c.start);
    }
  }
  assert.ok(helped > 0, 'the helper thread cut some of the starts');
});
