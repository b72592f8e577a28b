// A provider account's bearer token at rest: sealed with the account's id as associated data (lib/crypto/secret-box.ts),
// so a ciphertext moved to another account's row does not open there. Tokens sealed before that (v1, no associated
// data) still open, and are sealed again as v2: every worker re-seals them all when it starts (resealLegacyTokens — the
// migration step that SQL cannot do, having no key), and any still read as v1 meanwhile is re-sealed on that read.
import "server-only";
import { secretBox } from "@/lib/crypto/encryption-key";
import { pool } from "@/lib/db/pool";

const context = (accountId: string): string => `provider-account:${accountId}`;

export function sealAccountToken(token: string, accountId: string): string {
  return secretBox().seal(token, context(accountId));
}

/** The token in `ciphertext`, which was read from the account's row; a v1 ciphertext is re-sealed there as v2. */
export async function openAccountToken(accountId: string, ciphertext: string): Promise<string> {
  const { plaintext, legacy } = secretBox().open(ciphertext, context(accountId));
  if (legacy) {
    // Only if the row still holds what was read: a token saved meanwhile is newer and wins. Raw SQL, so updatedAt
    // (the provider client's version) stays as it is: the token did not change.
    await pool().query(`UPDATE "ProviderAccount" SET "tokenCiphertext" = $3 WHERE id = $1 AND "tokenCiphertext" = $2`, [
      accountId,
      ciphertext,
      sealAccountToken(plaintext, accountId),
    ]);
  }
  return plaintext;
}

/** Re-seals every v1 token as v2, for its account; returns how many were re-sealed (0 once done). */
export async function resealLegacyTokens(): Promise<number> {
  const { rows } = await pool().query<{ id: string; tokenCiphertext: string }>(
    `SELECT id, "tokenCiphertext" FROM "ProviderAccount" WHERE "tokenCiphertext" NOT LIKE 'v2.%'`,
  );
  for (const row of rows) await openAccountToken(row.id, row.tokenCiphertext);
  return rows.length;
}
