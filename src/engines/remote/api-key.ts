/**
 * Provider keys: KILN_<ADAPTER>_API_KEY, or the file named by KILN_<ADAPTER>_API_KEY_FILE (Docker and
 * Kubernetes secrets). Read where the engine runs, never carried in the engine's module URL (that URL is
 * base64 JSON that may be logged), so a key only ever lives in the process environment, a file and the
 * Authorization header sent to its own provider.
 */
import { readFileSync } from 'node:fs';

/** `tripo` → `KILN_TRIPO_API_KEY`; the file variant adds `_FILE`. */
export function apiKeyVariable(adapter: string): string {
  return `KILN_${adapter.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_API_KEY`;
}

/**
 * The adapter's key, or undefined when neither variable is set. A named file that cannot be read is an
 * operator mistake: the Error names the variable and the path, never the contents.
 */
export function resolveApiKey(adapter: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const variable = apiKeyVariable(adapter);
  const direct = env[variable]?.trim();
  if (direct) return direct;
  const file = env[`${variable}_FILE`]?.trim();
  if (!file) return undefined;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(
      `${variable}_FILE names "${file}", which cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}); point it at the file holding the ${adapter} key.`,
    );
  }
  const key = text.trim();
  if (!key) throw new Error(`${variable}_FILE names "${file}", which is empty; put the ${adapter} key in it.`);
  return key;
}

/** Replaces every occurrence of `secret` in `text` (a last guard for messages built from upstream bodies). */
export function redactSecret(text: string, secret: string | undefined): string {
  return secret && secret.length >= 4 ? text.split(secret).join('[redacted]') : text;
}
