// Stores an upload while it is read: the Upload row first, STORING; then its valid recipients by COPY, 25,000 per
// slice, each slice written into a buffer outside the JavaScript heap (copy-buffer.ts) and stored while the next is
// read (the parser keeps one core busy and PostgreSQL the other; at most two slices in memory), and checked against
// the opt-out list by PostgreSQL right after. Report lines are stored at the end, or 25,000 at a time when there are
// many. Every statement is a round trip that waits for the parser's next turn of the event loop, so there are few:
// slices of 10,000 with their report lines and opt-out numbers sent by the parser made a million rows take 4.3 s;
// this takes 2.6 s (bench/import.ts). At the end the counts and READY in one statement. A failed upload is deleted
// with everything it stored (delete-upload.ts), so no half list is ever offered; one left STORING by a process that
// died is never offered either (lists show READY only).
import "server-only";
import { randomUUID } from "node:crypto";
import type pg from "pg";
import { recordAudit } from "@/lib/audit/record-audit";
import { CopyBuffer } from "@/lib/db/copy-buffer";
import { copyLines, copyText } from "@/lib/db/copy-lines";
import { relaxedPool } from "@/lib/db/pool";
import { ORG_TIME_ZONE_SQL } from "@/lib/organisation/time-zone-sql";
import { deleteUpload } from "./delete-upload";

export const UPLOAD_SLICE = 25_000;

export type IssueKind = "INVALID" | "DUPLICATE" | "OPTED_OUT";
export type UploadCounts = { rows: number; valid: number; invalid: number; duplicates: number; optedOut: number };
export type UploadMeta = {
  filename: string;
  format: "csv" | "xlsx";
  columns: string[];
  phoneColumn: string;
  authorId: string;
  /** The browser's key for asking how far the check has got (Upload.progressKey). */
  progressKey?: string | undefined;
  /** Bytes of the file read so far, for the same question. */
  bytesRead: () => number;
};

/** Advisory locks (space, hashtext(upload id)) held by a writer while its upload is STORING: a STORING upload whose
 * lock is free was left by a process that died, and is deleted (interrupted-uploads.ts). */
export const UPLOAD_LOCK_SPACE = 7263;

/** Long cells are cut in the report (the whole row is in the operator's file). */
const ISSUE_VALUE_MAX = 200;

export class UploadWriter {
  readonly counts: UploadCounts = { rows: 0, valid: 0, invalid: 0, duplicates: 0, optedOut: 0 };
  /** COPY lines of the slice being read; the rows they span (for the opt-out check after the slice is stored). */
  private recipients = new CopyBuffer();
  private firstRow = 0;
  private lastRow = 0;
  private issues: string[] = [];
  private closed = false;
  /** The slice being stored, if any: the next one waits for it (one connection, one COPY at a time). */
  private storing: Promise<void> = Promise.resolve();

  private constructor(
    readonly id: string,
    private readonly client: pg.PoolClient,
    private readonly meta: UploadMeta,
  ) {}

  static async begin(meta: UploadMeta): Promise<UploadWriter> {
    // Slices commit without waiting for the disk (relaxedPool): the last commit, which makes the upload READY, is
    // synchronous and so makes every earlier one durable too; a database crash before it leaves an upload that
    // never became READY, which is never offered.
    const client = await relaxedPool().connect();
    // The lock before the row: a sweeper that sees the row STORING always finds its lock taken.
    const id = randomUUID();
    try {
      await client.query("SELECT pg_advisory_lock($1, hashtext($2))", [UPLOAD_LOCK_SPACE, id]);
      await client.query(
        `INSERT INTO "Upload" (id, filename, "sizeBytes", format, columns, "phoneColumn", "authorId", state, "progressKey")
         VALUES ($1, $2, 0, $3, $4, $5, $6, 'STORING', $7)`,
        [id, meta.filename, meta.format, meta.columns, meta.phoneColumn, meta.authorId, meta.progressKey ?? null],
      );
      return new UploadWriter(id, client, meta);
    } catch (error) {
      await release(client, id);
      throw error;
    }
  }

  /** `values` are the row's cells in the order of the columns. True when a slice is full: call `next()`. */
  recipient(row: number, phone: string, values: string[]): boolean {
    this.counts.valid++;
    let json = JSON.stringify(values);
    // PostgreSQL text cannot hold NUL: a cell's NULs are dropped (JSON writes them as \u0000).
    if (json.includes("\\u0000")) json = JSON.stringify(values.map((value) => value.replace(/\0/g, "")));
    if (this.recipients.lines === 0) this.firstRow = row;
    this.lastRow = row;
    this.recipients.push(`${this.id}\t${row}\t${phone}\t${copyText(json)}\n`);
    return this.recipients.lines >= UPLOAD_SLICE;
  }

  /** Starts storing the full slice once the previous one is stored. (Synchronous per row, awaited per slice: a
   * million awaited calls cost more garbage than the rows themselves.) */
  async next(): Promise<void> {
    await this.storing;
    this.storing = this.flush();
    // A failed COPY is reported by the next await of `storing`; until then, nothing waits on it.
    this.storing.catch(() => {});
  }

  issue(
    kind: Exclude<IssueKind, "OPTED_OUT">,
    row: number,
    value: string,
    reason: string,
    firstRow: number | null = null,
  ): void {
    if (kind === "INVALID") this.counts.invalid++;
    else this.counts.duplicates++;
    this.issues.push(this.issueLine(kind, row, value, reason, firstRow));
  }

  private issueLine(kind: IssueKind, row: number, value: string, reason: string, firstRow: number | null): string {
    return `${this.id}\t${kind}\t${row}\t${copyText(value.slice(0, ISSUE_VALUE_MAX))}\t${copyText(reason)}\t${firstRow ?? "\\N"}\n`;
  }

  private async flush(final = false): Promise<void> {
    // Both taken at once: what arrives while this slice is stored belongs to the next.
    const slice = this.recipients;
    const [firstRow, lastRow] = [this.firstRow, this.lastRow];
    const progress = [this.counts.rows, this.meta.bytesRead()];
    this.recipients = new CopyBuffer();
    // Report lines wait for the end unless there are many: a statement per slice is a round trip the parser's
    // event loop must come back for.
    if (final || this.issues.length >= UPLOAD_SLICE) {
      const issues = this.issues;
      this.issues = [];
      await copyLines(
        this.client,
        `COPY "UploadIssue" ("uploadId", kind, "rowNumber", value, reason, "firstRow") FROM STDIN`,
        issues,
      );
    }
    if (slice.lines > 0)
      await copyLines(
        this.client,
        `COPY "UploadRecipient" ("uploadId", "rowNumber", phone, "values") FROM STDIN`,
        slice,
      );
    // The slice's opted-out numbers, found by PostgreSQL (its core is the idle one while the parser reads on), and
    // how far the check has got, for the browser's progress bar: one statement.
    const { rowCount } = await this.client.query(
      `WITH progress AS (UPDATE "Upload" SET "rowCount" = $4, "sizeBytes" = $5 WHERE id = $1)
       INSERT INTO "UploadIssue" ("uploadId", kind, "rowNumber", value, reason)
       SELECT r."uploadId", 'OPTED_OUT', r."rowNumber", r.phone,
              'On the opt-out list since ' || to_char(o."createdAt" AT TIME ZONE ${ORG_TIME_ZONE_SQL}, 'YYYY-MM-DD') || ': it will not be sent to.'
       FROM "UploadRecipient" r JOIN "OptOut" o ON o.phone = r.phone
       WHERE r."uploadId" = $1 AND r."rowNumber" BETWEEN $2 AND $3`,
      [this.id, slice.lines > 0 ? firstRow : 0, slice.lines > 0 ? lastRow : -1, ...progress],
    );
    this.counts.optedOut += rowCount ?? 0;
  }

  /** Stores what is left, then the counts and READY, with the audit event, in one transaction. */
  async finish(report: object, sizeBytes: number): Promise<void> {
    try {
      await this.storing;
      await this.flush(true);
      const c = this.counts;
      await this.client.query("BEGIN");
      await this.client.query("SET LOCAL synchronous_commit = on");
      await this.client.query(
        `UPDATE "Upload" SET state = 'READY', "completedAt" = now(), "rowCount" = $2, "validCount" = $3, "invalidCount" = $4,
                "duplicateCount" = $5, "optedOutCount" = $6, report = $7::jsonb, "sizeBytes" = $8
         WHERE id = $1`,
        [this.id, c.rows, c.valid, c.invalid, c.duplicates, c.optedOut, JSON.stringify(report), sizeBytes],
      );
      await recordAudit(
        {
          actorId: this.meta.authorId,
          action: "upload.create",
          targetType: "Upload",
          targetId: this.id,
          detail: { filename: this.meta.filename, ...c },
        },
        this.client,
      );
      await this.client.query("COMMIT");
    } catch (error) {
      await this.client.query("ROLLBACK").catch(() => {});
      await this.discard();
      throw error;
    } finally {
      this.closed = true;
      await release(this.client, this.id);
    }
  }

  /** Deletes the upload and everything stored for it. */
  async discard(): Promise<void> {
    this.recipients = new CopyBuffer(0);
    this.issues = [];
    await deleteUpload(this.id);
  }

  /** After a failure while reading: discard, and give the connection back. */
  async abandon(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.storing.catch(() => {});
    try {
      await this.discard();
    } finally {
      await release(this.client, this.id);
    }
  }
}

/** Gives the connection back without the upload's lock (a session lock outlives a pooled connection's borrower); a
 * connection that cannot say so is closed instead, which frees it too. */
async function release(client: pg.PoolClient, id: string): Promise<void> {
  try {
    await client.query("SELECT pg_advisory_unlock($1, hashtext($2))", [UPLOAD_LOCK_SPACE, id]);
    client.release();
  } catch (error) {
    client.release(error instanceof Error ? error : true);
  }
}
