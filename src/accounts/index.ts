/**
 * Accounts, API keys and credits. Keys are random, shown once, stored only as a SHA-256 hash. Every
 * movement of credits is a ledger row; an account's balance always equals the sum of its ledger.
 * Credits are decimal (0.5 steps); they are kept as integer thousandths inside the store.
 */

export type { AccountService, ApiKeyListing, ApiKeyRecord, LedgerEntry, Principal } from './types.ts';
export { createAccountService } from './account-service.ts';
export { hashKey, generateKey } from './keys.ts';
