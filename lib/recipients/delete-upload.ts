// Deleting an upload: its rows and report lines, then the upload and its search text, in one transaction (the rows have no foreign key
// to cascade from: see UploadRecipient in schema.prisma).
import "server-only";
import type pg from "pg";
import { transaction } from "@/lib/db/transaction";

export async function deleteUpload(id: string, client?: pg.PoolClient): Promise<void> {
  const work = async (c: pg.PoolClient) => {
    await c.query(`DELETE FROM "UploadRecipient" WHERE "uploadId" = $1`, [id]);
    await c.query(`DELETE FROM "UploadIssue" WHERE "uploadId" = $1`, [id]);
    await c.query(`DELETE FROM "Upload" WHERE id = $1`, [id]);
    // After the upload's row: a search-text build in progress holds that row, so this waits for it to commit and
    // then sees the rows it wrote (lib/batches/list-search.ts).
    await c.query(`DELETE FROM "UploadSearchText" WHERE "uploadId" = $1`, [id]);
  };
  if (client) await work(client);
  else await transaction(work);
}
