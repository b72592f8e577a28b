// Sender IDs the network refused (receipts of the failure class SENDER_ID: "Invalid Source Address", a blacklisted
// sender; lib/receipts/failure-effects.ts flags them), per account: listed on the Settings page and shown on the pages
// of the batches that use them, until an administrator clears one after fixing its registration (audited).
import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import { pool } from "@/lib/db/pool";
import { transaction } from "@/lib/db/transaction";
import { AppError } from "@/lib/errors/app-error";

export type SenderIdProblemRow = {
  accountId: string;
  account: string;
  sender: string;
  status: string;
  messages: number;
  firstSeenAt: Date;
  lastSeenAt: Date;
};

export async function listSenderIdProblems(): Promise<SenderIdProblemRow[]> {
  const { rows } = await pool().query<SenderIdProblemRow>(
    `SELECT p."accountId", a.name AS account, p.sender, p.status, p.messages, p."firstSeenAt", p."lastSeenAt"
     FROM "SenderIdProblem" p JOIN "ProviderAccount" a ON a.id = p."accountId"
     ORDER BY p."lastSeenAt" DESC`,
  );
  return rows;
}

export async function clearSenderIdProblem(accountId: string, sender: string, actorId: string): Promise<void> {
  await transaction(async (client) => {
    const { rows } = await client.query<{ status: string; messages: number }>(
      `DELETE FROM "SenderIdProblem" WHERE "accountId" = $1 AND sender = $2 RETURNING status, messages`,
      [accountId, sender],
    );
    if (!rows[0]) throw new AppError("NOT_FOUND", `The sender ID “${sender}” is not flagged on that account.`);
    await recordAudit(
      {
        actorId,
        action: "sender_id.clear",
        targetType: "SenderIdProblem",
        targetId: `${accountId}:${sender}`,
        detail: { accountId, sender, ...rows[0] },
      },
      client,
    );
  });
}
