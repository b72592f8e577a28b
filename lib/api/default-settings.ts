// What the API fills in that Compose's form always sends: the default provider account, its default sender (SMS) or
// originator (voice), and a name. Then the console's own checks run (checkSender, createBatch's schema). A test key's
// default is the sandbox account, and it may name no other (lib/api/key-reach.ts).
import "server-only";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { accountForKey } from "./key-reach";

type Given = {
  kind: "SMS" | "VOICE";
  accountId?: string | undefined;
  sender?: string | null;
  originator?: string | null;
};

export async function withDefaults<T extends Given>(
  input: T,
  name: string,
  key: { test: boolean } = { test: false },
): Promise<T & { accountId: string; name: string }> {
  const { where } = await accountForKey(key, input.accountId);
  const account = await db.providerAccount.findFirst({
    where,
    select: { id: true, defaultSender: true, defaultOriginator: true },
  });
  if (!account)
    throw new AppError(
      "INVALID_INPUT",
      input.accountId
        ? "No such provider account."
        : key.test
          ? "There is no sandbox account for a test key: start Tuma with its sandbox (SANDBOX not off)."
          : "There is no default account.",
      {
        accountId: [input.accountId ? "No such provider account." : "Give a provider account's id."],
      },
    );
  return {
    ...input,
    name: (input as { name?: string }).name ?? name,
    accountId: account.id,
    sender: input.kind === "SMS" ? (input.sender ?? account.defaultSender) : input.sender,
    originator: input.kind === "VOICE" ? (input.originator ?? account.defaultOriginator) : input.originator,
  };
}
