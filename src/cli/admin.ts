/** Operator commands on the local data directory: `kiln keys …` and `kiln credits …`. */
import { createServices, type Services } from '../services.ts';
import { silentLogger } from '../logger.ts';
import { CliError, type CliIo } from './output.ts';
import { configFrom } from './config-from.ts';
import { checkWebhookFlag, keysSetWebhook, keysWebhookSecret, setWebhook } from './webhook-admin.ts';

async function withServices<T>(io: CliIo, fn: (services: Services) => Promise<T>): Promise<T> {
  const services = await createServices(configFrom(io), { logger: silentLogger });
  try {
    return await fn(services);
  } finally {
    await services.close();
  }
}

function credits(value: string | undefined, what: string): number {
  const amount = Number(value);
  if (value === undefined || value.trim() === '' || !Number.isFinite(amount)) {
    throw new CliError(`${what} must be a number of credits (e.g. 10 or 2.5); got "${value ?? ''}".`, 2);
  }
  return amount;
}

/** An account id for a full API key, an account id, a key id or a key prefix. */
async function accountOf(services: Services, ref: string): Promise<string> {
  if (ref.startsWith('kiln_') && ref.length > 20) {
    const principal = await services.accounts.authenticate(ref);
    if (principal) return principal.accountId;
  }
  const keys = await services.accounts.listKeys();
  const matches = new Set(
    keys.filter((key) => key.accountId === ref || key.id === ref || key.prefix === ref).map((key) => key.accountId),
  );
  if (matches.size === 1) return [...matches][0];
  if (matches.size > 1)
    throw new CliError(`"${ref}" matches several accounts; pass the account id (see \`kiln keys list\`).`);
  throw new CliError(`No account or key matches "${ref}"; see \`kiln keys list\`.`);
}

export async function keysCreate(
  io: CliIo,
  flags: { credits?: string; name?: string; webhook?: string },
): Promise<void> {
  const amount = flags.credits === undefined ? 0 : credits(flags.credits, '--credits');
  if (amount < 0) throw new CliError('--credits must not be negative.', 2);
  await withServices(io, async (services) => {
    // Checked before the key exists, so a refused URL leaves nothing half made.
    if (flags.webhook) await checkWebhookFlag(services, flags.webhook);
    const { key, record } = await services.accounts.createKey({ name: flags.name, credits: amount });
    io.err(
      `Created key ${record.prefix}… (id ${record.id}, name "${record.name}") for account ${record.accountId} with ${amount} credits.`,
    );
    if (flags.webhook) {
      await setWebhook(services, record.id, flags.webhook);
      io.err(
        `Webhooks go to ${flags.webhook}; print the signing secret with \`kiln keys webhook-secret ${record.id}\`.`,
      );
    }
    io.err('Store the key now: it is shown only once.');
    // Alone on the last line of stdout so scripts can capture it: KEY=$(kiln keys create | tail -n1)
    io.out(key);
  });
}

export async function keysList(io: CliIo): Promise<void> {
  await withServices(io, async (services) => {
    const keys = await services.accounts.listKeys();
    if (keys.length === 0) {
      io.out('No keys yet; create one with `kiln keys create --credits 10`.');
      return;
    }
    const rows = [['ID', 'PREFIX', 'NAME', 'ACCOUNT', 'BALANCE', 'IN FLIGHT', 'CREATED', 'STATE']];
    for (const key of keys) {
      rows.push([
        key.id,
        key.prefix,
        key.name,
        key.accountId,
        String(key.balance),
        String(key.inFlight),
        key.createdAt,
        key.revokedAt ? `revoked ${key.revokedAt}` : 'active',
      ]);
    }
    const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
    for (const row of rows)
      io.out(
        row
          .map((cell, column) => cell.padEnd(widths[column]))
          .join('  ')
          .trimEnd(),
      );
  });
}

export async function keysRevoke(io: CliIo, ref: string | undefined): Promise<void> {
  if (!ref) throw new CliError('Usage: kiln keys revoke <key-id-or-prefix> (see `kiln keys list`).', 2);
  await withServices(io, async (services) => {
    try {
      const record = await services.accounts.revokeKey(ref);
      io.out(`Revoked key ${record.prefix}… (id ${record.id}).`);
    } catch (error) {
      throw new CliError((error as Error).message);
    }
  });
}

export async function creditsAdd(io: CliIo, ref: string | undefined, amountText: string | undefined): Promise<void> {
  if (!ref) throw new CliError('Usage: kiln credits add <key-or-account> <amount>.', 2);
  const amount = credits(amountText, 'The amount');
  await withServices(io, async (services) => {
    const accountId = await accountOf(services, ref);
    const result = await services.accounts.addCredits(accountId, amount, 'kiln credits add');
    io.out(`Account ${result.accountId}: balance ${result.balance}.`);
  });
}

export async function creditsShow(io: CliIo, ref: string | undefined): Promise<void> {
  if (!ref) throw new CliError('Usage: kiln credits show <key-or-account>.', 2);
  await withServices(io, async (services) => {
    const accountId = await accountOf(services, ref);
    io.out(`Account ${accountId}: balance ${await services.accounts.balance(accountId)}.`);
    for (const entry of await services.accounts.ledger(accountId)) {
      io.out(
        `  ${entry.createdAt}  ${entry.kind.padEnd(6)}  ${String(entry.amount).padStart(8)}  ${entry.taskId ?? ''} ${entry.reason}`.trimEnd(),
      );
    }
  });
}

export async function keysWebhook(
  io: CliIo,
  sub: 'set-webhook' | 'webhook-secret',
  ref: string | undefined,
  url: string | undefined,
): Promise<void> {
  await withServices(io, (services) =>
    sub === 'set-webhook' ? keysSetWebhook(io, services, ref, url) : keysWebhookSecret(io, services, ref),
  );
}
