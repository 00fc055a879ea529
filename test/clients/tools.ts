/**
 * External programs the client tests drive (python3, blender). Outside CI a missing one skips the test
 * with a message saying what to install; under CI (CI=true, where .ci/run installs them) it is a failure,
 * as test/support/external-services.ts does for PostgreSQL and Redis.
 */
import { spawn } from 'node:child_process';

/** True when `command args…` runs and exits 0 (within 60 s: Blender's first start is slow). */
export function commandAvailable(command: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'ignore' });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', () => resolve(false));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    });
  });
}

/** The node:test `skip` value for a test needing `tool`: false when present, else a message (or a throw under CI). */
export function requiredTool(tool: string, available: boolean, why: string): false | string {
  if (available) return false;
  if (process.env.CI === 'true') {
    throw new Error(`${tool} must be installed in CI (.ci/run installs it when missing); ${why}.`);
  }
  return `${tool} not found on PATH (${why}; install it, e.g. apt-get install ${tool === 'blender' ? 'blender python3-numpy' : 'python3'})`;
}
