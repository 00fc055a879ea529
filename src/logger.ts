/**
 * The logger passed into long-running modules (geometry, engines, tasks); pino underneath. On a terminal
 * each event is one readable line (time, level, message, fields); elsewhere, or with KILN_LOG_FORMAT=json,
 * one JSON object per line for log collectors.
 */
import pino from 'pino';

export type Logger = pino.Logger;

export type LogFormat = 'json' | 'pretty';

export const LOG_DEFAULTS = {
  /** LOG_LEVEL: per-request lines are debug, so the default shows the address, engines and task progress. */
  level: 'info',
} as const;

/** KILN_LOG_FORMAT when set to json or pretty; otherwise pretty on a terminal and JSON when piped. */
export function logFormat(env: NodeJS.ProcessEnv = process.env, isTerminal = !!process.stdout.isTTY): LogFormat {
  const chosen = env.KILN_LOG_FORMAT?.trim().toLowerCase();
  if (chosen === 'json' || chosen === 'pretty') return chosen;
  return isTerminal ? 'pretty' : 'json';
}

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
const LEVEL_COLOURS: Record<number, string> = { 10: '90', 20: '90', 30: '32', 40: '33', 50: '31', 60: '35' };

/** One pino JSON line as `12:03:04.567 INFO  message  key=value …` (the error's stack on the lines after). */
export function prettyLine(json: string, colour = false): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const { time, level, msg, pid: _pid, hostname: _hostname, err, ...fields } = entry;
  const levelNumber = Number(level);
  const name = (LEVEL_NAMES[levelNumber] ?? String(level)).padEnd(5);
  const clock = new Date(Number(time)).toISOString().slice(11, 23);
  const details = Object.entries(fields)
    .map(([key, value]) => `${key}=${typeof value === 'string' && !/\s/.test(value) ? value : JSON.stringify(value)}`)
    .join(' ');
  const stack = (err as { stack?: string } | undefined)?.stack;
  const shownLevel = colour ? `\u001b[${LEVEL_COLOURS[levelNumber] ?? '0'}m${name}\u001b[0m` : name;
  return `${clock} ${shownLevel} ${msg ?? ''}${details ? `  ${details}` : ''}${stack ? `\n${stack}` : ''}\n`;
}

export function createLogger(options: pino.LoggerOptions = {}, env: NodeJS.ProcessEnv = process.env): Logger {
  const settings = { level: env.LOG_LEVEL ?? LOG_DEFAULTS.level, ...options };
  if (logFormat(env) === 'json') return pino(settings);
  const colour = !!process.stdout.isTTY && env.NO_COLOR === undefined;
  return pino(settings, { write: (line: string) => void process.stdout.write(prettyLine(line, colour)) });
}

/** For tests and library calls that should stay quiet. */
export const silentLogger: Logger = pino({ level: 'silent' });
