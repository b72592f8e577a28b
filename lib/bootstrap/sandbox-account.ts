// The default provider account of the zero-configuration mode: the embedded sandbox. Kept in step with the
// sandbox's address and token on every start, so a new user's first send works with nothing configured. A start
// that changes the account — creates it, or puts back the sandbox's address or token over what is stored (an
// administrator's edit, say) — is an audit event in the same transaction, so such a reset is never silent.
import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { openAccountToken, sealAccountToken } from "@/lib/accounts/account-token";
import { recordAudit } from "@/lib/audit/record-audit";
import { lastFour } from "@/lib/crypto/secret-box";
import { db } from "@/lib/db/client";

export const SANDBOX_ACCOUNT_NAME = "Sandbox";
export const SANDBOX_SENDER = "SANDBOX";

export async function ensureSandboxAccount({ baseUrl, token }: { baseUrl: string; token: string }) {
  const existing = await db.providerAccount.findUnique({
    where: { name: SANDBOX_ACCOUNT_NAME },
    select: { id: true, baseUrl: true, tokenCiphertext: true, receiptSecret: true, isSandbox: true },
  });
  const storedToken = existing
    ? await openAccountToken(existing.id, existing.tokenCiphertext).catch(() => null) // unreadable: replaced
    : null;
  if (existing && existing.baseUrl === baseUrl && storedToken === token) {
    // A test key's one account (lib/api/key-reach.ts), marked again if an administrator's edit cleared the mark.
    if (!existing.isSandbox) await db.providerAccount.update({ where: { id: existing.id }, data: { isSandbox: true } });
    return { id: existing.id, receiptSecret: existing.receiptSecret };
  }

  const id = existing?.id ?? randomUUID();
  const tokenCiphertext = sealAccountToken(token, id);
  return db.$transaction(async (tx) => {
    const hasDefault = (await tx.providerAccount.count({ where: { isDefault: true } })) > 0;
    const saved = await tx.providerAccount.upsert({
      where: { name: SANDBOX_ACCOUNT_NAME },
      create: {
        id,
        name: SANDBOX_ACCOUNT_NAME,
        baseUrl,
        tokenCiphertext,
        tokenLast4: lastFour(token),
        // A sender set up for the sandbox, named as such: Compose offers only an account's configured senders, and
        // an operator trying Tuma out sees where the sender comes from (never a vendor's name filled in for them).
        defaultSender: SANDBOX_SENDER,
        senders: [SANDBOX_SENDER],
        defaultOriginator: "254700000000",
        receiptSecret: randomBytes(24).toString("base64url"),
        isDefault: !hasDefault,
        isSandbox: true,
      },
      update: { baseUrl, tokenCiphertext, tokenLast4: lastFour(token), isSandbox: true },
      select: { id: true, receiptSecret: true },
    });
    await recordAudit(
      {
        actorId: null,
        action: existing ? "account.sandbox_reset" : "account.create",
        targetType: "ProviderAccount",
        targetId: saved.id,
        detail: {
          reason: "start-up",
          name: SANDBOX_ACCOUNT_NAME,
          baseUrl,
          ...(existing && existing.baseUrl !== baseUrl ? { previousBaseUrl: existing.baseUrl } : {}),
          tokenChanged: storedToken !== token,
        },
      },
      tx,
    );
    return saved;
  });
}
