/** The readable log line on a terminal, JSON elsewhere or when asked. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { logFormat, prettyLine } from '../src/logger.ts';

test('KILN_LOG_FORMAT wins; otherwise pretty on a terminal and JSON when piped', () => {
  assert.equal(logFormat({}, true), 'pretty');
  assert.equal(logFormat({}, false), 'json');
  assert.equal(logFormat({ KILN_LOG_FORMAT: 'json' }, true), 'json');
  assert.equal(logFormat({ KILN_LOG_FORMAT: 'pretty' }, false), 'pretty');
});

test('a pino line becomes time, level, message and fields on one line (stack below)', () => {
  const line = JSON.stringify({
    level: 30,
    time: Date.UTC(2026, 0, 2, 3, 4, 5, 678),
    pid: 1,
    hostname: 'h',
    taskId: 'abc',
    stage: 'texture',
    note: 'two words',
    msg: 'task progress',
  });
  assert.equal(prettyLine(line), '03:04:05.678 INFO  task progress  taskId=abc stage=texture note="two words"\n');
  const failure = prettyLine(
    JSON.stringify({ level: 50, time: 0, msg: 'boom', err: { stack: 'Error: boom\n    at x' } }),
  );
  assert.equal(failure, '00:00:00.000 ERROR boom\nError: boom\n    at x\n');
  assert.equal(prettyLine('not json'), 'not json\n');
});
