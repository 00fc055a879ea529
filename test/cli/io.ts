/** A captured CliIo for running `main()` in-process. */
import type { CliIo } from '../../src/cli/output.ts';

export function captureIo(env: NodeJS.ProcessEnv): CliIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return {
    stdout,
    stderr,
    out: (line) => stdout.push(...line.split('\n')),
    err: (line) => stderr.push(...line.split('\n')),
    rewrite: (text) => stderr.push(text),
    interactive: false,
    env,
  };
}
