/** Where CLI commands write; tests pass their own sinks. */

import type { EngineRegistry } from '../engines/registry.ts';
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  /** True when stderr is a terminal (progress bars redraw in place). */
  interactive: boolean;
  env: NodeJS.ProcessEnv;
  /** Redraws the current line (progress bars). */
  rewrite(text: string): void;
  /** Engines for `serve`/`worker` instead of a fresh registry of the built-ins (tests register theirs). */
  engines?: EngineRegistry;
}

export function processIo(): CliIo {
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    interactive: Boolean(process.stderr.isTTY),
    env: process.env,
    rewrite: (text) => process.stderr.write(`\r\x1b[2K${text}`),
  };
}

/** A refusal the user can act on: printed without a stack trace, exit code 1 (2 for usage errors). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
