/** AccountService over the Db: keys (hashed), accounts, credits and the ledger. */
import { randomUUID } from 'node:crypto';
import type { Db } from '../store/db.ts';
import type { ApiKeysTable } from '../store/schema.ts';
import type { AccountService, ApiKeyListing, ApiKeyRecord, LedgerEntry, Principal } from './types.ts';
import { DISPLAY_PREFIX_LENGTH, generateKey, hashKey, looksLikeKey } from './keys.ts';
import { fromMilli, post, toMilli } from './ledger.ts';

function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(Number(ms)).toISOString();
}

function toRecord(row: ApiKeysTable): ApiKeyRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    prefix: row.prefix,
    createdAt: iso(row.created_at)!,
    revokedAt: iso(row.revoked_at),
  };
}

function checkAmount(amount: number): void {
  if (!Number.isFinite(amount) || Math.abs(amount * 1000 - Math.round(amount * 1000)) > 1e-6) {
    throw new Error(`Credit amounts must be finite numbers with at most 3 decimals; got ${amount}.`);
  }
}

export function createAccountService(db: Db): AccountService {
  const { kysely } = db;

  /** Account id for an account id, key id or key prefix; throws when none or ambiguous. */
  async function resolveAccount(idOrKey: string): Promise<string> {
    const account = await kysely.selectFrom('accounts').select('id').where('id', '=', idOrKey).executeTakeFirst();
    if (account) return account.id;
    const keys = await kysely
      .selectFrom('api_keys')
      .select(['id', 'account_id'])
      .where((eb) => eb.or([eb('id', '=', idOrKey), eb('prefix', '=', idOrKey)]))
      .execute();
    if (keys.length === 1) return keys[0]!.account_id;
    if (keys.length > 1) throw new Error(`"${idOrKey}" matches ${keys.length} keys; use the key id.`);
    throw new Error(`No account or API key "${idOrKey}".`);
  }

  return {
    async createKey(options = {}) {
      const credits = options.credits ?? 0;
      checkAmount(credits);
      if (credits < 0) throw new Error('Initial credits cannot be negative.');
      const key = generateKey();
      const now = Date.now();
      const row: ApiKeysTable = {
        id: randomUUID(),
        account_id: options.accountId ?? randomUUID(),
        name: options.name ?? '',
        prefix: key.slice(0, DISPLAY_PREFIX_LENGTH),
        hash: hashKey(key),
        created_at: now,
        revoked_at: null,
        in_flight: 0,
      };
      await db.tx(async (trx) => {
        if (options.accountId) {
          const exists = await trx
            .selectFrom('accounts')
            .select('id')
            .where('id', '=', options.accountId)
            .executeTakeFirst();
          if (!exists) throw new Error(`No account "${options.accountId}".`);
        } else {
          await trx.insertInto('accounts').values({ id: row.account_id, created_at: now, balance_milli: 0 }).execute();
        }
        await trx.insertInto('api_keys').values(row).execute();
        if (credits > 0) {
          await post(trx, {
            accountId: row.account_id,
            taskId: null,
            kind: 'credit',
            amountMilli: toMilli(credits),
            reason: 'initial credits',
          });
        }
      });
      return { key, record: toRecord(row) };
    },

    async authenticate(key: string): Promise<Principal | null> {
      if (typeof key !== 'string' || !looksLikeKey(key)) return null;
      const row = await kysely
        .selectFrom('api_keys')
        .select(['id', 'account_id', 'revoked_at'])
        .where('hash', '=', hashKey(key))
        .executeTakeFirst();
      if (!row || row.revoked_at !== null) return null;
      return { accountId: row.account_id, keyId: row.id };
    },

    async listKeys(): Promise<ApiKeyListing[]> {
      const rows = await kysely
        .selectFrom('api_keys')
        .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')
        .selectAll('api_keys')
        .select('accounts.balance_milli')
        .orderBy('api_keys.created_at')
        .orderBy('api_keys.id')
        .execute();
      return rows.map((row) => ({
        ...toRecord(row),
        balance: fromMilli(row.balance_milli),
        inFlight: Number(row.in_flight),
      }));
    },

    async revokeKey(idOrPrefix: string): Promise<ApiKeyRecord> {
      return db.tx(async (trx) => {
        const rows = await trx
          .selectFrom('api_keys')
          .selectAll()
          .where((eb) => eb.or([eb('id', '=', idOrPrefix), eb('prefix', '=', idOrPrefix)]))
          .execute();
        if (rows.length === 0) throw new Error(`No API key "${idOrPrefix}".`);
        if (rows.length > 1) throw new Error(`"${idOrPrefix}" matches ${rows.length} keys; use the key id.`);
        const row = rows[0]!;
        if (row.revoked_at === null) {
          row.revoked_at = Date.now();
          await trx.updateTable('api_keys').set({ revoked_at: row.revoked_at }).where('id', '=', row.id).execute();
        }
        return toRecord(row);
      });
    },

    async addCredits(accountIdOrKeyId: string, amount: number, reason = 'credits added') {
      checkAmount(amount);
      const accountId = await resolveAccount(accountIdOrKeyId);
      return db.tx(async (trx) => {
        if (amount !== 0) {
          const done = await post(trx, {
            accountId,
            taskId: null,
            kind: 'credit',
            amountMilli: toMilli(amount),
            reason,
            requireFunds: amount < 0,
          });
          if (!done) throw new Error(`Cannot remove ${-amount} credits: the balance is lower.`);
        }
        const row = await trx
          .selectFrom('accounts')
          .select('balance_milli')
          .where('id', '=', accountId)
          .executeTakeFirstOrThrow();
        return { accountId, balance: fromMilli(row.balance_milli) };
      });
    },

    async balance(accountId: string): Promise<number> {
      const row = await kysely
        .selectFrom('accounts')
        .select('balance_milli')
        .where('id', '=', accountId)
        .executeTakeFirst();
      return row ? fromMilli(row.balance_milli) : 0;
    },

    async ledger(accountId: string): Promise<LedgerEntry[]> {
      const rows = await kysely
        .selectFrom('ledger')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        accountId: row.account_id,
        taskId: row.task_id,
        kind: row.kind,
        amount: fromMilli(row.amount_milli),
        reason: row.reason,
        createdAt: iso(row.created_at)!,
      }));
    },
  };
}
