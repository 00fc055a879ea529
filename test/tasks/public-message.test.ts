/** Issue 17: a Failed task's message never shows server paths (data directory, modules, temp files). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withoutServerPaths } from '../../src/tasks/public-message.ts';

test('absolute server paths in failure messages are cut to their last segment; API paths stay', () => {
  const cases: Array<[string, string]> = [
    [
      "ENOENT: no such file or directory, open '/srv/kiln/data/blobs/uploads/abc/0.png'",
      "ENOENT: no such file or directory, open '…/0.png'",
    ],
    ['Cannot find module file:///home/me/kiln/src/engines/x.ts', 'Cannot find module …/x.ts'],
    ['failed at C:\\kiln\\data\\tmp\\job.bin today', 'failed at …/job.bin today'],
    ['request a fresh link from POST /api/v2/download.', 'request a fresh link from POST /api/v2/download.'],
  ];
  for (const [input, expected] of cases) assert.equal(withoutServerPaths(input), expected);
});
