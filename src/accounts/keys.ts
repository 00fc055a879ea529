/** API key material: random keys, their stored hash and their displayable prefix. */
import { createHash, randomBytes } from 'node:crypto';

export const KEY_PREFIX = 'kiln_';
/** Characters of a key shown in listings (`kiln_` + 8). */
export const DISPLAY_PREFIX_LENGTH = KEY_PREFIX.length + 8;

/** `kiln_` + 32 random bytes in base64url (43 characters). */
export function generateKey(): string {
  return KEY_PREFIX + randomBytes(32).toString('base64url');
}

/**
 * Hex SHA-256 of the key. Keys carry 256 random bits, so a fast unsalted hash is enough: the stored
 * hash cannot be reversed, and lookups by hash leak nothing useful through timing.
 */
export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Whether a presented string can be a Kiln key at all (saves a database lookup for junk). */
export function looksLikeKey(key: string): boolean {
  return /^kiln_[A-Za-z0-9_-]{43}$/.test(key);
}
