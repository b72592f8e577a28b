// What a test key (tuma_test_…, lib/api-keys/key-format.ts) may reach: the sandbox account alone — the one start-up
// keeps in step with the embedded sandbox (ProviderAccount.isSandbox, lib/bootstrap/sandbox-account.ts) — so an
// integrator develops against the console they will go live on without a message ever leaving for a real provider.
// A batch or message of another account is refused with 403 and the code test_key_live_account (docs/api.md).
import "server-only";
import { db } from "@/lib/db/client";
import type { ProblemCode } from "./problem-codes";
import { ApiProblem } from "./problem";

export const TEST_KEY_LIVE_ACCOUNT = "test_key_live_account" satisfies ProblemCode;

type Key = { test: boolean };

function refuse(what: string): never {
  throw new ApiProblem(
    403,
    TEST_KEY_LIVE_ACCOUNT,
    `This is a test key (tuma_test_…): it reaches only the sandbox account, and ${what} is on a real provider account. Use a live key (tuma_live_…) for it.`,
  );
}

/** The account a request names (or, for a test key that names none, the sandbox's), refused if a test key may not. */
export async function accountForKey(key: Key, accountId: string | undefined): Promise<{ where: object }> {
  if (!key.test) return { where: accountId ? { id: accountId } : { isDefault: true } };
  if (accountId) {
    const account = await db.providerAccount.findUnique({ where: { id: accountId }, select: { isSandbox: true } });
    if (account && !account.isSandbox) refuse("this account");
    return { where: { id: accountId } };
  }
  return { where: { isSandbox: true } };
}

/** For what spans every account (one number's messages, issue 38): a test key reaches none of it. */
export function assertLiveKey(key: Key, what: string): void {
  if (key.test)
    throw new ApiProblem(
      403,
      TEST_KEY_LIVE_ACCOUNT,
      `This is a test key (tuma_test_…): it reaches only the sandbox account, and ${what} are on every account. Use a live key (tuma_live_…) for it.`,
    );
}

/** Nothing to refuse when the batch does not exist: the route answers its own 404. */
export async function assertKeyReachesBatch(key: Key, batchId: string): Promise<void> {
  if (!key.test) return;
  const batch = await db.batch.findUnique({
    where: { id: batchId },
    select: { account: { select: { isSandbox: true } } },
  });
  if (batch && !batch.account.isSandbox) refuse("this batch");
}

export async function assertKeyReachesMessage(key: Key, messageId: string): Promise<void> {
  if (!key.test || !/^[0-9]{1,18}$/.test(messageId)) return;
  const message = await db.message.findFirst({ where: { id: BigInt(messageId) }, select: { batchId: true } });
  if (!message) return;
  // The message's batch by key (Message has no relation in the schema: prisma/schema.prisma); it always exists.
  const batch = await db.batch.findUniqueOrThrow({
    where: { id: message.batchId },
    select: { account: { select: { isSandbox: true } } },
  });
  if (!batch.account.isSandbox) refuse("this message");
}
