/** `kiln keys set-webhook` and `kiln keys webhook-secret`, and the --webhook of `kiln keys create`. */
import type { Services } from '../services.ts';
import { KilnError } from '../errors.ts';
import { checkWebhookUrl } from '../tasks/webhooks/index.ts';
import { CliError, type CliIo } from './output.ts';

/** The key id for a full API key, a key id or a key prefix. */
export async function keyIdOf(services: Services, ref: string): Promise<string> {
  if (ref.startsWith('kiln_') && ref.length > 20) {
    const principal = await services.accounts.authenticate(ref);
    if (principal) return principal.keyId;
  }
  const matches = (await services.accounts.listKeys()).filter((key) => key.id === ref || key.prefix === ref);
  if (matches.length === 1) return matches[0]!.id;
  if (matches.length > 1)
    throw new CliError(`"${ref}" matches ${matches.length} keys; pass the key id (see \`kiln keys list\`).`);
  throw new CliError(`No API key matches "${ref}"; see \`kiln keys list\`.`);
}

/** Refuses a --webhook URL Kiln would not deliver to, as a usage error. */
export async function checkWebhookFlag(services: Services, url: string): Promise<void> {
  try {
    await checkWebhookUrl(url, services.config.webhooks.allowPrivate, '--webhook');
  } catch (error) {
    if (error instanceof KilnError) throw new CliError(error.message, 2);
    throw error;
  }
}

/** Sets the key's default webhook URL ("none" clears it); refusals (a private address …) become usage errors. */
export async function setWebhook(services: Services, keyId: string, url: string): Promise<string | null> {
  try {
    return await services.webhooks.setKeyWebhook(keyId, url === 'none' || url === '' ? null : url);
  } catch (error) {
    if (error instanceof KilnError) throw new CliError(error.message, 2);
    throw error;
  }
}

export async function keysSetWebhook(
  io: CliIo,
  services: Services,
  ref: string | undefined,
  url: string | undefined,
): Promise<void> {
  if (!ref || url === undefined)
    throw new CliError('Usage: kiln keys set-webhook <key-id-or-prefix> <https://…|none>', 2);
  const keyId = await keyIdOf(services, ref);
  const stored = await setWebhook(services, keyId, url);
  io.out(
    stored
      ? `Key ${keyId}: webhooks go to ${stored} unless a request sends its own webhook_url.`
      : `Key ${keyId}: no default webhook URL.`,
  );
  if (stored) io.err(`Receivers check Kiln-Signature with the key's secret: kiln keys webhook-secret ${keyId}`);
}

export async function keysWebhookSecret(io: CliIo, services: Services, ref: string | undefined): Promise<void> {
  if (!ref) throw new CliError('Usage: kiln keys webhook-secret <key-id-or-prefix>', 2);
  const keyId = await keyIdOf(services, ref);
  const { secret, source } = await services.webhooks.keySecret(keyId);
  io.err(
    source === 'key'
      ? `Webhook signing secret of key ${keyId}:`
      : `Key ${keyId} has no secret of its own; webhooks are signed with KILN_WEBHOOK_SECRET:`,
  );
  io.out(secret);
}
