// Deleting a list: its rows and report lines, then the list and its search text, in one transaction (the rows have no foreign key
// to cascade from: see ListRecipient in schema.prisma).
import "server-only";
import type pg from "pg";
import { transaction } from "@/lib/db/transaction";

export async function deleteList(id: string, client?: pg.PoolClient): Promise<void> {
  const work = async (c: pg.PoolClient) => {
    await c.query(`DELETE FROM "ListRecipient" WHERE "listId" = $1`, [id]);
    await c.query(`DELETE FROM "ListIssue" WHERE "listId" = $1`, [id]);
    await c.query(`DELETE FROM "List" WHERE id = $1`, [id]);
    // After the list's row: a search-text build in progress holds that row, so this waits for it to commit and then
    // sees the rows it wrote (lib/batches/list-search.ts).
    await c.query(`DELETE FROM "ListSearchText" WHERE "listId" = $1`, [id]);
  };
  if (client) await work(client);
  else await transaction(work);
}
