/** Spawning `kiln serve` / `kiln worker` processes (through the test launcher) and waiting for them. */
import { spawn, type ChildProcess } from 'node:child_process';

const launcher = new URL('./launcher.ts', import.meta.url).pathname;

export interface KilnProcess {
  child: ChildProcess;
  /** Everything the process wrote so far, logs included (for failure messages). */
  log(): string;
  /** http://127.0.0.1:PORT for `serve`; '' for `worker`. */
  url: string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL (kill -9), resolved once the process is gone. */
  kill9(): Promise<void>;
}

/** Starts `kiln <args>` and resolves once it says it is listening (serve) or running (worker). */
export async function startKiln(args: string[], env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<KilnProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', launcher, ...args], {
    env: { LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  // The log lines (pino, on stdout) join the CLI's messages (stderr), so a failure shows what the process saw.
  const keep = (chunk: Buffer) => {
    text += chunk;
    if (text.length > 200_000) text = text.slice(-100_000);
  };
  child.stderr!.on('data', keep);
  child.stdout!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL'); // not handed to the caller, so nobody else would stop it
      reject(new Error(`kiln ${args.join(' ')} did not start in ${timeoutMs} ms:\n${text}`));
    }, timeoutMs);
    const check = () => {
      const listening = /Kiln listening on (http:\/\/[\d.]+:\d+)/.exec(text);
      if (listening || /Kiln worker running/.test(text)) {
        clearTimeout(timer);
        child.stderr!.off('data', check);
        resolve(listening ? listening[1] : '');
      }
    };
    child.stderr!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`kiln ${args.join(' ')} exited with ${code} before starting:\n${text}`));
    });
  });
  return {
    child,
    url,
    log: () => text,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      return exited;
    },
    async kill9() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}
