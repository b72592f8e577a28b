// Stores an upload while it is read: the List row first, STORING; then its valid recipients by COPY, 25,000 per
// slice, each slice written into a buffer outside the JavaScript heap (copy-buffer.ts) and stored while the next is
// read (the parser keeps one core busy and PostgreSQL the other; at most two slices in memory), and checked against
// the opt-out list by PostgreSQL right after. Report lines are stored at the end, or 25,000 at a time when there are
// many. Every statement is a round trip that waits for the parser's next turn of the event loop, so there are few:
// slices of 10,000 with their report lines and opt-out numbers sent by the parser made a million rows take 4.3 s;
// this takes 2.6 s (bench/import.ts). At the end the counts and READY in one statement. A failed upload is deleted
// with everything it stored (delete-list.ts), so no half list is ever offered; one left STORING by a process that
// died is never offered either (lists show READY only), and the worker's sweep deletes it once its heartbeat is
// stale (list-heartbeat.ts). A connection is taken per slice, never held while the file trickles in: sixteen slow
// clients must not hold sixteen connections for as long as they like.
import "server-only";
import { listState } from "@/lib/states/state-sql";
import { randomUUID } from "node:crypto";
import type pg from "pg";
import { recordAudit } from "@/lib/audit/record-audit";
import { AppError } from "@/lib/errors/app-error";
import { CopyBuffer } from "@/lib/db/copy-buffer";
import { copyLines, copyText } from "@/lib/db/copy-lines";
import { relaxedPool } from "@/lib/db/pool";
import { ORG_TIME_ZONE_SQL } from "@/lib/organisation/time-zone-sql";
import { transaction } from "@/lib/db/transaction";
import { deleteList } from "./delete-list";
import { keepAlive } from "./list-heartbeat";

export const UPLOAD_SLICE = 25_000;

export type IssueKind = "INVALID" | "DUPLICATE" | "OPTED_OUT";
export type ListCounts = { rows: number; valid: number; invalid: number; duplicates: number; optedOut: number };
export type ListMeta = {
  filename: string;
  /** What the list is called (list-name.ts). */
  name: string;
  format: "csv" | "xlsx";
  columns: string[];
  phoneColumn: string;
  authorId: string;
  /** The browser's key for asking how far the check has got (List.progressKey). */
  progressKey?: string | undefined;
  /** Bytes of the file read so far, for the same question. */
  bytesRead: () => number;
};

/** When the sweep took the upload for dead (its process stalled past the heartbeat's limit) and deleted it. */
export const UPLOAD_LOST =
  "The upload stalled for too long and was discarded; nothing was stored. Upload the file again.";

/** A connection per slice, committed without waiting for the disk (see begin()). */
const RELAXED = { relaxed: true };

/** The phone cell shown in the report's samples is cut; the whole row is kept beside it for the downloads. */
const ISSUE_VALUE_MAX = 200;
/** Report lines are stored once they hold this much (a file of long invalid rows must not wait in memory). */
const ISSUE_BYTES = 16 * 1024 * 1024;

export class ListWriter {
  readonly counts: ListCounts = { rows: 0, valid: 0, invalid: 0, duplicates: 0, optedOut: 0 };
  /** COPY lines of the slice being read; the rows they span (for the opt-out check after the slice is stored). */
  private recipients = new CopyBuffer();
  private firstRow = 0;
  private lastRow = 0;
  /** Report lines not yet stored (outside the heap, like the recipients: each carries its whole row). */
  private issues = new CopyBuffer(0);
  private closed = false;
  /** The slice being stored, if any: the next one waits for it (one COPY at a time). */
  private storing: Promise<void> = Promise.resolve();
  private readonly stopHeartbeat: () => void;

  private constructor(
    readonly id: string,
    private readonly meta: ListMeta,
  ) {
    this.stopHeartbeat = keepAlive(id);
  }

  static async begin(meta: ListMeta): Promise<ListWriter> {
    // Slices commit without waiting for the disk (relaxedPool): the last commit, which makes the upload READY, is
    // synchronous and so makes every earlier one durable too; a database crash before it leaves an upload that
    // never became READY, which is never offered.
    const id = randomUUID();
    await relaxedPool().query(
      `INSERT INTO "List" (id, filename, name, "sizeBytes", format, columns, "phoneColumn", "authorId", state, "progressKey")
       VALUES ($1, $2, $8, 0, $3, $4, $5, $6, ${listState("STORING")}, $7)`,
      [
        id,
        meta.filename,
        meta.format,
        meta.columns,
        meta.phoneColumn,
        meta.authorId,
        meta.progressKey ?? null,
        meta.name,
      ],
    );
    return new ListWriter(id, meta);
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

  /** `cells` is the whole row (kept for the report's downloads). True when the report lines should be stored: call
   * `next()`. */
  issue(
    kind: Exclude<IssueKind, "OPTED_OUT">,
    row: number,
    value: string,
    reason: string,
    firstRow: number | null,
    cells: string[],
  ): boolean {
    if (kind === "INVALID") this.counts.invalid++;
    else this.counts.duplicates++;
    // The row as ListRecipient keeps it (JSON text, NULs dropped): one stringify per reported row, which are a few in
    // a hundred, written by the same COPY as the report line.
    let json = JSON.stringify(cells);
    if (json.includes("\\u0000")) json = JSON.stringify(cells.map((cell) => cell.replace(/\0/g, "")));
    this.issues.push(
      `${this.id}\t${kind}\t${row}\t${copyText(value.slice(0, ISSUE_VALUE_MAX))}\t${copyText(reason)}\t${firstRow ?? "\\N"}\t${copyText(json)}\n`,
    );
    return this.issues.lines >= UPLOAD_SLICE || this.issues.bytes.length >= ISSUE_BYTES;
  }

  private async flush(final = false): Promise<void> {
    // Both taken at once: what arrives while this slice is stored belongs to the next.
    const slice = this.recipients;
    const [firstRow, lastRow] = [this.firstRow, this.lastRow];
    const progress = [this.counts.rows, this.meta.bytesRead()];
    this.recipients = new CopyBuffer();
    // Report lines wait for the end unless there are many: a statement per slice is a round trip the parser's
    // event loop must come back for.
    let issues = new CopyBuffer(0);
    if (final || this.issues.lines >= UPLOAD_SLICE || this.issues.bytes.length >= ISSUE_BYTES)
      [issues, this.issues] = [this.issues, new CopyBuffer(0)];
    const rowCount = await transaction(async (client) => {
      // The upload's row first, locked: a sweep that took it for dead waits for this slice, then sees the fresh
      // heartbeat; one that already deleted it leaves nothing to update, and nothing is stored under it.
      await this.touch(client, progress);
      await copyLines(
        client,
        `COPY "ListIssue" ("listId", kind, "rowNumber", value, reason, "firstRow", "values") FROM STDIN`,
        issues,
      );
      await copyLines(client, `COPY "ListRecipient" ("listId", "rowNumber", phone, "values") FROM STDIN`, slice);
      if (slice.lines === 0) return 0;
      // The slice's opted-out numbers, found by PostgreSQL (its core is the idle one while the parser reads on).
      const optedOut = await client.query(
        `INSERT INTO "ListIssue" ("listId", kind, "rowNumber", value, "values", reason)
         SELECT r."listId", 'OPTED_OUT', r."rowNumber", r.phone, r."values",
                'On the opt-out list since ' || to_char(o."createdAt" AT TIME ZONE ${ORG_TIME_ZONE_SQL}, 'YYYY-MM-DD') || ': it will not be sent to.'
         FROM "ListRecipient" r JOIN "OptOut" o ON o.phone = r.phone
         WHERE r."listId" = $1 AND r."rowNumber" BETWEEN $2 AND $3`,
        [this.id, firstRow, lastRow],
      );
      return optedOut.rowCount ?? 0;
    }, RELAXED);
    this.counts.optedOut += rowCount;
  }

  /** How far the check has got (for the browser's progress bar) and that its reader lives, on the locked row. */
  private async touch(client: pg.PoolClient, [rows, bytes]: number[]): Promise<void> {
    const { rowCount } = await client.query(
      `UPDATE "List" SET "heartbeatAt" = now(), "rowCount" = $2, "sizeBytes" = $3 WHERE id = $1 AND state = ${listState("STORING")}`,
      [this.id, rows, bytes],
    );
    if (rowCount === 0) throw new AppError("CONFLICT", UPLOAD_LOST);
  }

  /**
   * Stores what is left, then the counts, the file's hash and READY, with the audit event, in one transaction. The
   * opted-out count is added to what the opt-out trigger counted while the list was storing (numbers opted out, or no
   * longer, after their slice was checked: migration list_opted_out_live), not set over it.
   */
  async finish(report: object, sizeBytes: number, contentHash: string | null = null): Promise<void> {
    try {
      await this.storing;
      await this.flush(true);
      const c = this.counts;
      await transaction(async (client) => {
        await client.query("SET LOCAL synchronous_commit = on");
        const { rowCount } = await client.query(
          `UPDATE "List" SET state = ${listState("READY")}, "completedAt" = now(), "rowCount" = $2, "validCount" = $3,
                  "invalidCount" = $4, "duplicateCount" = $5, "optedOutCount" = "optedOutCount" + $6, report = $7::jsonb, "sizeBytes" = $8,
                  "contentHash" = $9
           WHERE id = $1 AND state = ${listState("STORING")}`,
          [
            this.id,
            c.rows,
            c.valid,
            c.invalid,
            c.duplicates,
            c.optedOut,
            JSON.stringify(report),
            sizeBytes,
            contentHash,
          ],
        );
        if (rowCount === 0) throw new AppError("CONFLICT", UPLOAD_LOST);
        await recordAudit(
          {
            actorId: this.meta.authorId,
            action: "list.create",
            targetType: "List",
            targetId: this.id,
            detail: { filename: this.meta.filename, name: this.meta.name, ...c },
          },
          client,
        );
      }, RELAXED);
    } catch (error) {
      await this.discard();
      throw error;
    } finally {
      this.closed = true;
      this.stopHeartbeat();
    }
  }

  /** Deletes the upload and everything stored for it. */
  async discard(): Promise<void> {
    this.recipients = new CopyBuffer(0);
    this.issues = new CopyBuffer(0);
    await deleteList(this.id);
  }

  /** After a failure while reading: discard (the heartbeat stops). */
  async abandon(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stopHeartbeat();
    await this.storing.catch(() => {});
    await this.discard();
  }
}
