// A list checked again with another phone column replaces the list its first check stored: the same bytes read
// another way are the same list to the operator, and keeping both left two lists of one file on the lists page and
// in Compose. Only what the first check produced is removed: the operator's own list, of the same bytes (SHA-256),
// never sent from (a batch shows its list's columns), and not the new list itself. Anything else is left as it is.
import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import { listState } from "@/lib/states/state-sql";
import { transaction } from "@/lib/db/transaction";
import { deleteList } from "./delete-list";

export async function replaceRechecked(input: {
  replacedId: string;
  listId: string;
  phoneColumn: string;
  actorId: string;
}): Promise<boolean> {
  return transaction(async (client) => {
    const { rows } = await client.query<{ filename: string; name: string; validCount: number }>(
      `SELECT old.filename, old.name, old."validCount"
         FROM "List" old JOIN "List" fresh ON fresh.id = $2
        WHERE old.id = $1 AND old.id <> fresh.id AND old.state = ${listState("READY")}
          AND old."authorId" = $3 AND old."contentHash" = fresh."contentHash"
          AND NOT EXISTS (SELECT 1 FROM "Batch" b WHERE b."listId" = old.id)
          FOR UPDATE OF old`,
      [input.replacedId, input.listId, input.actorId],
    );
    const old = rows[0];
    if (!old) return false;
    await deleteList(input.replacedId, client);
    await recordAudit(
      {
        actorId: input.actorId,
        action: "list.delete",
        targetType: "List",
        targetId: input.replacedId,
        detail: { ...old, replacedBy: input.listId, phoneColumn: input.phoneColumn },
      },
      client,
    );
    return true;
  });
}
