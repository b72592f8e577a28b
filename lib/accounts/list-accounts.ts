// Provider accounts as the console may show them: never the token, only its last four characters.
import "server-only";
import { db } from "@/lib/db/client";

export function listAccounts() {
  return db.providerAccount.findMany({
    orderBy: [{ isDefault: "desc" }, { name: "asc" }],
    select: {
      id: true,
      name: true,
      baseUrl: true,
      tokenLast4: true,
      defaultSender: true,
      defaultOriginator: true,
      requestsPerSecond: true,
      batchSizeLimit: true,
      isDefault: true,
      previousReceiptSecretUntil: true,
    },
  });
}
