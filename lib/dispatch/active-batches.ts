// The SENDING batches with recipients left, as the lanes of one worker see them: refreshed from the database a few
// times a second, handed out round-robin so that concurrent batches share the provider fairly.
import "server-only";
import { pool } from "@/lib/db/pool";
import { batchState, chunkState } from "@/lib/batches/state-sql";
import { mayDispatchNowSql } from "@/lib/batches/promotional-window-sql";
import type { ActiveBatch } from "./active-batch";

const REFRESH_MS = 300;

export class ActiveBatches {
  private batches: ActiveBatch[] = [];
  private next = 0;
  private loadedAt = 0;
  private loading: Promise<void> | null = null;
  private readonly holds = new Map<string, number>();

  /** The next batch to send a chunk of, or null when there is nothing to send. */
  async take(): Promise<ActiveBatch | null> {
    if (Date.now() - this.loadedAt > REFRESH_MS) await this.refresh();
    const now = Date.now();
    for (let i = 0; i < this.batches.length; i++) {
      const batch = this.batches[(this.next + i) % this.batches.length]!;
      if ((this.holds.get(batch.id) ?? 0) > now) continue;
      this.next = (this.next + i + 1) % this.batches.length;
      return batch;
    }
    return null;
  }

  /** Skip a batch for a while (backoff after a failure), in this worker. */
  hold(batchId: string, ms: number): void {
    this.holds.set(batchId, Date.now() + ms);
  }

  /** A batch had nothing left to claim: drop it until the next refresh says otherwise. */
  drained(batchId: string): void {
    this.batches = this.batches.filter((batch) => batch.id !== batchId);
  }

  invalidate(): void {
    this.loadedAt = 0;
  }

  private refresh(): Promise<void> {
    this.loading ??= (async () => {
      try {
        const { rows } = await pool().query<ActiveBatch>(
          `SELECT b.id, b.kind, b."templateText", b.sender, b.originator, b.voice, b.repeat, b."linkId", b.language,
                  b."firstMessageId"::text AS "firstMessageId", b."escalatesBatchId" IS NOT NULL AS calls,
                  json_build_object('id', a.id, 'baseUrl', a."baseUrl", 'batchSizeLimit', a."batchSizeLimit",
                    'requestsPerSecond', a."requestsPerSecond", 'receiptSecret', a."receiptSecret", 'updatedAt', a."updatedAt",
                    'languageField', a."languageField") AS account
           FROM "Batch" b JOIN "ProviderAccount" a ON a.id = b."accountId"
           WHERE b.state = ${batchState("SENDING")} AND ${mayDispatchNowSql("b")}
             AND EXISTS (SELECT 1 FROM "DispatchChunk" c WHERE c."batchId" = b.id AND c.state = ${chunkState("PENDING")})
           ORDER BY b."createdAt"`,
        );
        this.batches = rows.map((row) => ({
          ...row,
          account: { ...row.account, updatedAt: new Date(row.account.updatedAt) },
        }));
        this.loadedAt = Date.now();
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }
}
