// An operator deletes a saved list (its customers' numbers and cells, and its report), audited with what it held.
// Batches already sent from it keep their own copies of every recipient and text.
import "server-only";
import { listState } from "@/lib/states/state-sql";
import { recordAudit } from "@/lib/audit/record-audit";
import { transaction } from "@/lib/db/transaction";
import { AppError } from "@/lib/errors/app-error";
import { deleteList } from "./delete-list";

export async function removeList(id: string, actorId: string): Promise<{ name: string }> {
  return transaction(async (client) => {
    // Locked, so two deletes of the same list audit one deletion; a list still STORING is not a saved list.
    const { rows } = await client.query<{ filename: string; name: string; validCount: number }>(
      `SELECT filename, name, "validCount" FROM "List" WHERE id = $1 AND state = ${listState("READY")} FOR UPDATE`,
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
        detail: { filename: list.filename, name: list.name, validCount: list.validCount },
      },
      client,
    );
    return { name: list.name };
  });
}
