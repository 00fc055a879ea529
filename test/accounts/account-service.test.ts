import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createAccountService } from '../../src/accounts/index.ts';
import { ledgerId } from '../../src/accounts/ledger.ts';
import type { Db } from '../../src/store/db.ts';
import { PG_SKIP_MESSAGE, postgresReachable, postgresTestDb, sqliteTestDb, type TestDb } from '../store/databases.ts';

async function ledgerSum(db: Db, accountId: string): Promise<number> {
  const row = await db.kysely
    .selectFrom('ledger')
    .select((eb) => eb.fn.sum<number>('amount_milli').as('total'))
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(row?.total ?? 0) / 1000;
}

function suite(label: string, open: () => Promise<TestDb>, skip: () => Promise<string | false> = async () => false) {
  describe(`AccountService on ${label}`, () => {
    async function withDb(t: { skip(msg: string): void }, body: (db: Db) => Promise<void>) {
      const reason = await skip();
      if (reason) return t.skip(reason);
      const test = await open();
      try {
        await body(test.db);
      } finally {
        await test.drop();
      }
    }

    it('creates a key shown once, stores only its hash, and authenticates it', (t) =>
      withDb(t, async (db) => {
        const accounts = createAccountService(db);
        const { key, record } = await accounts.createKey({ name: 'ci', credits: 2.5 });
        assert.match(key, /^kiln_[A-Za-z0-9_-]{43}$/);
        assert.ok(key.startsWith(record.prefix));
        const stored = await db.kysely.selectFrom('api_keys').selectAll().execute();
        assert.equal(stored.length, 1);
        assert.ok(!JSON.stringify(stored).includes(key.slice(5)), 'the secret part is not stored');
        assert.deepEqual(await accounts.authenticate(key), { accountId: record.accountId, keyId: record.id });
        assert.equal(await accounts.authenticate(key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A')), null);
        assert.equal(await accounts.authenticate('Bearer nonsense'), null);
        assert.equal(await accounts.balance(record.accountId), 2.5);
      }));

    it('revokes by id or prefix; a revoked key no longer authenticates', (t) =>
      withDb(t, async (db) => {
        const accounts = createAccountService(db);
        const first = await accounts.createKey();
        const second = await accounts.createKey();
        await accounts.revokeKey(first.record.prefix);
        await accounts.revokeKey(second.record.id);
        assert.equal(await accounts.authenticate(first.key), null);
        assert.equal(await accounts.authenticate(second.key), null);
        const listed = await accounts.listKeys();
        assert.ok(listed.every((key) => key.revokedAt !== null));
        await assert.rejects(accounts.revokeKey('kiln_missing'), /No API key/);
      }));

    it('moves credits only through the ledger: balance equals the ledger sum', (t) =>
      withDb(t, async (db) => {
        const accounts = createAccountService(db);
        const { record } = await accounts.createKey({ credits: 1 });
        const extra = await accounts.createKey({ accountId: record.accountId });
        assert.equal(extra.record.accountId, record.accountId, 'a key can join an existing account');
        assert.deepEqual(await accounts.addCredits(extra.record.id, 4.5, 'top-up'), {
          accountId: record.accountId,
          balance: 5.5,
        });
        assert.equal((await accounts.addCredits(record.prefix, -0.5, 'correction')).balance, 5);
        await assert.rejects(accounts.addCredits(record.accountId, -100), /balance is lower/);
        await assert.rejects(accounts.addCredits('nobody', 1), /No account or API key/);
        await Promise.all(Array.from({ length: 20 }, () => accounts.addCredits(record.accountId, 0.25)));
        const balance = await accounts.balance(record.accountId);
        assert.equal(balance, 10);
        assert.equal(await ledgerSum(db, record.accountId), balance);
        const ledger = await accounts.ledger(record.accountId);
        assert.equal(ledger.length, 23);
        assert.deepEqual(
          ledger.slice(0, 3).map((entry) => entry.amount),
          [1, 4.5, -0.5],
        );
        const listing = (await accounts.listKeys()).find((key) => key.id === record.id);
        assert.equal(listing?.balance, 10);
      }));
  });
}

suite('SQLite', sqliteTestDb);
suite('PostgreSQL', postgresTestDb, async () => ((await postgresReachable()) ? false : PG_SKIP_MESSAGE));

it('ledger ids sort in posting order within one millisecond', () => {
  const ids = Array.from({ length: 50 }, () => ledgerId(1_700_000_000_000));
  assert.deepEqual([...ids].sort(), ids);
});
