// The SENDING batches with recipients left, as the lanes of one worker see them: refreshed from the database a few
// times a second, handed out round-robin so that concurrent batches share the provider fairly.
//
// Polled, and woken: a batch created in another process (the console, the API, the importer) is found by this look,
// the guarantee; a new batch's notification (lib/jobs/batch-ready.ts, heard on the worker's identity session) wakes
// the look at once, the hint. An idle worker looks more often than a busy one, so that even without the hint a batch
// sent "now" leaves within a few tens of milliseconds of its commit rather than up to a third of a second later; the
// look is one indexed query (a SENDING batch with a PENDING chunk).
import "server-only";
import { pool } from "@/lib/db/pool";
import { batchState, chunkState } from "@/lib/states/state-sql";
import { mayDispatchNowSql } from "@/lib/batches/promotional-window-sql";
import type { ActiveBatch } from "./active-batch";

/** How stale the list may be while this worker is sending: new batches join the round-robin within this. */
const REFRESH_MS = 300;
/** How stale it may be while there is nothing to send: the delay before a new batch's first request. */
const IDLE_REFRESH_MS = 50;

export class ActiveBatches {
  private batches: ActiveBatch[] = [];
  private next = 0;
  private loadedAt = 0;
  /** Counts invalidate(): a read that began before one cannot make the list fresh (it may miss what caused it). */
  private invalidations = 0;
  private loading: Promise<void> | null = null;
  private looking: Promise<void> | null = null;
  /** Ends the pending look's wait early (wake()). */
  private endWait: (() => void) | null = null;
  private readonly holds = new Map<string, number>();

  /** The next batch to send a chunk of, or null when there is nothing to send. */
  async take(): Promise<ActiveBatch | null> {
    if (Date.now() - this.loadedAt > this.maxAge()) await this.refresh();
    const now = Date.now();
    for (let i = 0; i < this.batches.length; i++) {
      const batch = this.batches[(this.next + i) % this.batches.length]!;
      if ((this.holds.get(batch.id) ?? 0) > now) continue;
      this.next = (this.next + i + 1) % this.batches.length;
      return batch;
    }
    return null;
  }

  /**
   * Resolves IDLE_REFRESH_MS from now, the list read again if it is as stale as take() allows: what lanes with
   * nothing to send wait on (no batch, or every batch held back). One timer for all of them, so that idle lanes
   * neither each keep their own nor wake in step at a slower beat.
   */
  nextLook(): Promise<void> {
    // + 1: a timer may fire a millisecond early by Date.now(), and the look must then find the list stale.
    this.looking ??= new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, IDLE_REFRESH_MS + 1);
      this.endWait = () => {
        clearTimeout(timer);
        resolve();
      };
    })
      .then(() => {
        this.endWait = null;
        return Date.now() - this.loadedAt > this.maxAge() ? this.refresh() : undefined;
      })
      .finally(() => (this.looking = null));
    return this.looking;
  }

  /** A batch became sendable (its notification): read the list again now, ending idle lanes' wait for the look. */
  wake(): void {
    this.invalidate();
    this.endWait?.();
  }

  private maxAge(): number {
    return this.batches.length > 0 ? REFRESH_MS : IDLE_REFRESH_MS;
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
    this.invalidations++;
  }

  private refresh(): Promise<void> {
    this.loading ??= (async () => {
      const invalidations = this.invalidations;
      try {
        const { rows } = await pool().query<ActiveBatch>(
          `SELECT b.id, b.kind, b."templateText", b.sender, b.originator, b.voice, b.repeat, b."linkId", b.language,
                  (SELECT jsonb_object_agg(v->>'language', v->>'voiceLanguage') FROM jsonb_array_elements(b.variants) v
                   WHERE v->>'voiceLanguage' IS NOT NULL) AS "voiceLanguages",
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
        // Invalidated while it was read (a batch's notification arrived during the query): stale at once, so the
        // next take() reads again and finds that batch, rather than in REFRESH_MS.
        this.loadedAt = invalidations === this.invalidations ? Date.now() : 0;
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }
}
