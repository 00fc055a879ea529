/** Per-key webhook settings: the default URL and the signing secret (the key's own, else KILN_WEBHOOK_SECRET, else one made at first use). */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Schema } from '../../store/schema.ts';

export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

/** The secret deliveries for this key are signed with; creates and stores one when neither the key nor the default has one. */
export async function signingSecretOf(
  kysely: Kysely<Schema>,
  keyId: string,
  defaultSecret: string | undefined,
): Promise<string> {
  const row = await kysely.selectFrom('key_webhooks').select('secret').where('key_id', '=', keyId).executeTakeFirst();
  if (row?.secret) return row.secret;
  if (defaultSecret) return defaultSecret;
  const secret = newWebhookSecret();
  await kysely
    .insertInto('key_webhooks')
    .values({ key_id: keyId, url: null, secret, updated_at: Date.now() })
    .onConflict((oc) =>
      oc.column('key_id').doUpdateSet({ secret: (eb) => eb.fn.coalesce('key_webhooks.secret', eb.val(secret)) }),
    )
    .execute();
  const stored = await kysely
    .selectFrom('key_webhooks')
    .select('secret')
    .where('key_id', '=', keyId)
    .executeTakeFirstOrThrow();
  return stored.secret!;
}
