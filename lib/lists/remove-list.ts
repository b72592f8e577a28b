// An operator deletes a saved list (its customers' numbers and cells, and its report), audited with what it held.
// Batches already sent from it keep their own copies of every recipient and text.
import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import { transaction } from "@/lib/db/transaction";
import { AppError } from "@/lib/errors/app-error";
import { deleteList } from "./delete-list";

export async function removeList(id: string, actorId: string): Promise<{ filename: string }> {
  return transaction(async (client) => {
    // Locked, so two deletes of the same list audit one deletion; a list still STORING is not a saved list.
    const { rows } = await client.query<{ filename: string; validCount: number }>(
      `SELECT filename, "validCount" FROM "List" WHERE id = $1 AND state = 'READY' FOR UPDATE`,
      [id],
    );
    const list = rows[0];
    if (!list) throw new AppError("NOT_FOUND", "That list no longer exists.");
    await deleteList(id, client);
    await recordAudit(
      {
        actorId,
        action: "list.delete",
        targetType: "List",
        targetId: id,
        detail: { filename: list.filename, validCount: list.validCount },
      },
      client,
    );
    return { filename: list.filename };
  });
}
