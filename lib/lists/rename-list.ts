// An operator renames a saved list: audited with the name it had and the one it got. Renaming to the same name
// changes and records nothing.
import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import { listState } from "@/lib/states/state-sql";
import { transaction } from "@/lib/db/transaction";
import { AppError } from "@/lib/errors/app-error";
import { listNameSchema } from "./list-name";

export async function renameList(id: string, name: string, actorId: string): Promise<{ from: string; to: string }> {
  const to = listNameSchema.parse(name);
  return transaction(async (client) => {
    // Locked: two renames at once each audit the name they replaced.
    const { rows } = await client.query<{ name: string }>(
      `SELECT name FROM "List" WHERE id = $1 AND state = ${listState("READY")} FOR UPDATE`,
      [id],
    );
    const list = rows[0];
    if (!list) throw new AppError("NOT_FOUND", "That list no longer exists.");
    if (list.name === to) return { from: to, to };
    await client.query(`UPDATE "List" SET name = $2 WHERE id = $1`, [id, to]);
    await recordAudit(
      { actorId, action: "list.rename", targetType: "List", targetId: id, detail: { from: list.name, to } },
      client,
    );
    return { from: list.name, to };
  });
}
