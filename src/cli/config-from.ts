/** The service Config for a CLI command: environment variables, then command-line overrides. */
import { loadConfig, type Config } from '../config.ts';
import { CliError, type CliIo } from './output.ts';

export function configFrom(io: CliIo, overrides: { port?: string } = {}): Config {
  try {
    const config = loadConfig(io.env);
    if (overrides.port !== undefined) {
      const port = Number(overrides.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535)
        throw new Error(`--port must be a port number (0–65535); got "${overrides.port}".`);
      config.port = port;
    }
    return config;
  } catch (error) {
    throw new CliError((error as Error).message, 2);
  }
}
