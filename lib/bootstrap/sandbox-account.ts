// The default provider account of the zero-configuration mode: the embedded sandbox. Kept in step with the
// sandbox's address and token on every start, so a new user's first send works with nothing configured.
import "server-only";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db/client";
import { lastFour } from "@/lib/crypto/secret-box";
import { secretBox } from "@/lib/crypto/encryption-key";

export const SANDBOX_ACCOUNT_NAME = "Sandbox";
export const SANDBOX_SENDER = "SANDBOX";

export async function ensureSandboxAccount({ baseUrl, token }: { baseUrl: string; token: string }) {
  const tokenCiphertext = secretBox().seal(token);
  const hasDefault = (await db.providerAccount.count({ where: { isDefault: true } })) > 0;
  return db.providerAccount.upsert({
    where: { name: SANDBOX_ACCOUNT_NAME },
    create: {
      name: SANDBOX_ACCOUNT_NAME,
      baseUrl,
      tokenCiphertext,
      tokenLast4: lastFour(token),
      // A sender set up for the sandbox, named as such: Compose offers only an account's configured senders, and an
      // operator trying Tuma out sees where the sender comes from (never a vendor's name filled in for them).
      defaultSender: SANDBOX_SENDER,
      senders: [SANDBOX_SENDER],
      defaultOriginator: "254700000000",
      receiptSecret: randomBytes(24).toString("base64url"),
      isDefault: !hasDefault,
    },
    update: { baseUrl, tokenCiphertext, tokenLast4: lastFour(token) },
    select: { id: true, receiptSecret: true },
  });
}
