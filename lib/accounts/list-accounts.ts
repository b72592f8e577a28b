// Provider accounts as the console may show them: never the token, only its last four characters; the unit price as
// text (a Decimal cannot cross into a client component, and the console only shows it or multiplies it once).
import "server-only";
import { db } from "@/lib/db/client";

export async function listAccounts() {
  const rows = await db.providerAccount.findMany({
    orderBy: [{ isDefault: "desc" }, { name: "asc" }],
    select: {
      id: true,
      name: true,
      baseUrl: true,
      tokenLast4: true,
      defaultSender: true,
      senders: true,
      defaultOriginator: true,
      requestsPerSecond: true,
      batchSizeLimit: true,
      isDefault: true,
      unitPrice: true,
      priceCurrency: true,
      previousReceiptSecretUntil: true,
      languageField: true,
      languages: true,
    },
  });
  return rows.map((row) => ({ ...row, unitPrice: row.unitPrice?.toString() ?? null }));
}
