// An SMS batch's sender must be one the account has set up (Settings → sender IDs): Compose offers only those, and the
// server holds to the same rule, so no batch goes out under a name nobody configured (such as a vendor's default).
import "server-only";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";

export async function checkSender(input: { kind: "SMS" | "VOICE"; accountId: string; sender?: string | null }) {
  if (input.kind !== "SMS") return;
  const account = await db.providerAccount.findUnique({
    where: { id: input.accountId },
    select: { name: true, senders: true },
  });
  if (!account)
    throw new AppError("INVALID_INPUT", "That provider account does not exist.", {
      accountId: ["Choose a provider account."],
    });
  if (account.senders.length === 0) {
    const message = `The account “${account.name}” has no sender ID set up: an administrator adds one in Settings.`;
    throw new AppError("INVALID_INPUT", message, { sender: [message] });
  }
  if (!input.sender || !account.senders.includes(input.sender)) {
    const message = `Choose one of the account's sender IDs: ${account.senders.join(", ")}.`;
    throw new AppError("INVALID_INPUT", message, { sender: [message] });
  }
}
