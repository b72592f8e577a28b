// Tuma behind Debian's PgBouncer in session mode, the mode docs/scaling.md ("PgBouncer") says to use: every
// connection Tuma opens goes through it (DATABASE_URL names PgBouncer, DATABASE_PGBOUNCER=on), the session settings
// hold although PgBouncer refuses startup options, and a batch large enough to be stored in slices (under its
// session lock) is stored, dispatched and delivered with every recipient once. Skipped, saying why, where PgBouncer
// is not installed (.ci/run installs it).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  batchWhen,
  countersConsistent,
  duplicates,
  phones,
  startHarness,
  UNHURRIED_REQUEST_MS,
} from "@/test/dispatch-harness";
import { type Bouncer, pgbouncerMissing, startPgbouncer } from "@/test/pgbouncer";
import { setDatabaseTimeZone } from "@/test/test-cluster";

const missing = pgbouncerMissing();
const direct = process.env.DATABASE_URL!;
let bouncer: Bouncer | undefined;

describe.skipIf(missing !== null)(
  missing === null ? "behind PgBouncer in session mode" : `behind PgBouncer (skipped: ${missing})`,
  () => {
    beforeAll(async () => {
      // A database whose own zone is not UTC: only Tuma's session settings can make its sessions UTC.
      await setDatabaseTimeZone(direct, "Africa/Nairobi");
      bouncer = await startPgbouncer(direct, "session");
      // Read on first use of a pool and of env(), which nothing before this line makes.
      process.env.DATABASE_URL = bouncer.url;
      process.env.DATABASE_PGBOUNCER = "on";
    });

    afterAll(async () => {
      const [{ closePool }, { db }] = await Promise.all([import("./pool"), import("./client")]);
      await Promise.all([closePool(), db.$disconnect()]);
      await bouncer?.stop();
    });

    test("PgBouncer refuses the startup options Tuma sends directly, and its pools' sessions are UTC anyway", async () => {
      const refused = new pg.Client({ connectionString: bouncer!.url, options: "-c TimeZone=UTC" });
      await expect(refused.connect()).rejects.toThrow("unsupported startup parameter: options");
      const { pool, relaxedPool, lockPool } = await import("./pool");
      const { db } = await import("./client");
      const zone = "SELECT current_setting('TimeZone') AS zone, current_setting('synchronous_commit') AS sync";
      expect((await pool().query(zone)).rows).toEqual([{ zone: "UTC", sync: "on" }]);
      expect((await relaxedPool().query(zone)).rows).toEqual([{ zone: "UTC", sync: "off" }]);
      expect((await lockPool().query(zone)).rows).toEqual([{ zone: "UTC", sync: "on" }]);
      expect(await db.$queryRawUnsafe(zone)).toEqual([{ zone: "UTC", sync: "on" }]);
      // …and they really go through PgBouncer: a direct session sees the database's own zone.
      const own = new pg.Client(direct);
      await own.connect();
      expect((await own.query(zone)).rows[0]).toMatchObject({ zone: "Africa/Nairobi" });
      await own.end();
    });

    test("a 2,500-recipient batch (stored in slices under its session lock) is sent through PgBouncer, each recipient once, all delivered", async () => {
      const [{ createBatch }, { startWorker }] = await Promise.all([
        import("@/lib/batches/create-batch"),
        import("@/lib/dispatch/worker"),
      ]);
      const h = await startHarness();
      const worker = await startWorker({
        receiptBaseUrl: h.receiptBaseUrl,
        lanes: 8,
        requestTimeoutMs: UNHURRIED_REQUEST_MS,
      });
      try {
        const { id } = await createBatch({
          kind: "SMS",
          accountId: h.accountId,
          authorId: h.userId,
          name: "through pgbouncer",
          templateText: "Hello from Tuma",
          sender: "TUMA",
          recipients: phones(2_500, 0).map((phone) => ({ phone })),
        });
        const batch = await batchWhen(id, (b) => b.deliveredCount === 2_500, 120_000, "all delivered");
        expect(batch.state).toBe("COMPLETED");
        const accepted = await h.accepted();
        expect(accepted).toHaveLength(2_500);
        expect(duplicates(accepted)).toEqual([]);
        expect(await countersConsistent(id)).toBe(true);
      } finally {
        await worker.stop();
        await h.close();
      }
    }, 180_000);
  },
);
