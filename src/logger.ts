/** The logger passed into long-running modules (geometry, engines, tasks); pino underneath. */
import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(options: pino.LoggerOptions = {}): Logger {
  return pino({ level: process.env.LOG_LEVEL ?? 'info', ...options });
}

/** For tests and library calls that should stay quiet. */
export const silentLogger: Logger = pino({ level: 'silent' });
