/** The accounts seam: keys, principals, ledger entries and the AccountService interface. */
export interface ApiKeyRecord {
  /** Stable key id (uuid); `kiln keys revoke` accepts it or the key's prefix. */
  id: string;
  accountId: string;
  name: string;
  /** The first characters of the key (e.g. `kiln_AbCd1234`), safe to display to identify it. */
  prefix: string;
  createdAt: string;
  revokedAt: string | null;
}

export interface ApiKeyListing extends ApiKeyRecord {
  balance: number;
  /** Tasks of this key in Waiting or Generating. */
  inFlight: number;
}

export interface LedgerEntry {
  id: string;
  accountId: string;
  taskId: string | null;
  /** `credit` (added by an operator), `reserve` (a submission), `settle` (success, 0), `refund` (failure). */
  kind: 'credit' | 'reserve' | 'settle' | 'refund';
  amount: number;
  reason: string;
  createdAt: string;
}

export interface Principal {
  accountId: string;
  keyId: string;
}

export interface AccountService {
  /**
   * Creates an API key. Without `accountId` a new account is created for it (one account per key by
   * default); `credits` (default 0) are added to that account as a ledger `credit`.
   * `key` is the secret (`kiln_` + 43 base64url chars): it is never stored and cannot be shown again.
   */
  createKey(options?: {
    name?: string;
    credits?: number;
    accountId?: string;
  }): Promise<{ key: string; record: ApiKeyRecord }>;
  /** The principal of an active key, or null for an unknown, malformed or revoked key. */
  authenticate(key: string): Promise<Principal | null>;
  listKeys(): Promise<ApiKeyListing[]>;
  /** Revokes by key id or by (unambiguous) prefix; throws an Error when it matches no key or several. */
  revokeKey(idOrPrefix: string): Promise<ApiKeyRecord>;
  /**
   * Adds (or, with a negative amount, removes) credits for an account id, key id or key prefix.
   * Returns the new balance. Throws an Error when no such account or key exists.
   */
  addCredits(
    accountIdOrKeyId: string,
    amount: number,
    reason?: string,
  ): Promise<{ accountId: string; balance: number }>;
  /** Current balance (0 for an unknown account). */
  balance(accountId: string): Promise<number>;
  /** The ledger of an account, oldest first. */
  ledger(accountId: string): Promise<LedgerEntry[]>;
}
