// A fair share against the real database: two slots of each kind per user, counted in PostgreSQL (so slots held by
// another process count too, and a dead process's stop counting a minute after its last heartbeat), exactly two
// winners among requests arriving together, and a cap of each kind per process (32 uploads, 8 exports, 16 plans and
// 16 duplicate checks).
import { randomUUID } from "node:crypto";
import { expect, test } from "vitest";
import { pool } from "@/lib/db/pool";
import { refusal as refused } from "@/test/upload-helpers";
import { SLOT_REFUSALS, SLOTS_PER_PROCESS, beatTransferSlots, takeSlot, withSlot, type Slot } from "./transfer-slots";
import { WAIT_BOUND_MS } from "@/test/wait-bound";

/** The code and sentence `work` is refused with (test/upload-helpers.ts fails on anything but a refusal). */
const refusal = async (work: Promise<unknown>) => {
  const error = await refused(work);
  return [error.code, error.message];
};

const rows = async (userId: string) =>
  (await pool().query(`SELECT kind FROM "TransferSlot" WHERE "userId" = $1 ORDER BY kind`, [userId])).rows.map(
    (r: { kind: string }) => r.kind,
  );

test("two uploads and two exports per user: the third of a kind is refused with its sentence, other kinds and users go on", async () => {
  const [ann, ben] = [randomUUID(), randomUUID()];
  const held: Slot[] = [await takeSlot("UPLOAD", ann), await takeSlot("UPLOAD", ann)];
  expect(await refusal(takeSlot("UPLOAD", ann))).toEqual(["TOO_MANY", SLOT_REFUSALS.UPLOAD.user]);
  expect(SLOT_REFUSALS.UPLOAD.user).toBe(
    "You already have 2 uploads in progress. Wait for one to finish, then upload this file.",
  );
  held.push(await takeSlot("EXPORT", ann), await takeSlot("EXPORT", ann), await takeSlot("UPLOAD", ben));
  expect(await refusal(takeSlot("EXPORT", ann))).toEqual(["TOO_MANY", SLOT_REFUSALS.EXPORT.user]);
  expect(SLOT_REFUSALS.EXPORT.user).toBe(
    "You already have 2 exports downloading. Wait for one to finish, then export again.",
  );
  expect(await rows(ann)).toEqual(["UPLOAD", "UPLOAD", "EXPORT", "EXPORT"]);
  // A released slot is free again at once; releasing twice frees nothing more.
  await held[0]!.release();
  await held[0]!.release();
  held[0] = await takeSlot("UPLOAD", ann);
  expect(await refusal(takeSlot("UPLOAD", ann))).toEqual(["TOO_MANY", SLOT_REFUSALS.UPLOAD.user]);
  await Promise.all(held.map((slot) => slot.release()));
  expect(await rows(ann)).toEqual([]);
});

test("of six requests arriving together for one user, exactly two get a slot", async () => {
  const carol = randomUUID();
  const results = await Promise.allSettled(Array.from({ length: 6 }, () => takeSlot("EXPORT", carol)));
  const won = results.filter((r): r is PromiseFulfilledResult<Slot> => r.status === "fulfilled");
  expect(won).toHaveLength(2);
  expect(await rows(carol)).toEqual(["EXPORT", "EXPORT"]);
  await Promise.all(won.map((r) => r.value.release()));
});

test("a slot held by another process counts; one whose heartbeat stopped a minute ago does not, and is deleted", async () => {
  const dan = randomUUID();
  const other = randomUUID();
  await pool().query(`INSERT INTO "TransferSlot" (id, kind, "userId") VALUES ($1, 'UPLOAD', $2)`, [other, dan]);
  const mine = await takeSlot("UPLOAD", dan);
  expect(await refusal(takeSlot("UPLOAD", dan))).toEqual(["TOO_MANY", SLOT_REFUSALS.UPLOAD.user]);
  // This process's heartbeat renews its own slots only.
  await pool().query(`UPDATE "TransferSlot" SET "heartbeatAt" = now() - interval '61 seconds' WHERE "userId" = $1`, [
    dan,
  ]);
  await beatTransferSlots();
  const fresh = await pool().query(
    `SELECT id FROM "TransferSlot" WHERE "userId" = $1 AND "heartbeatAt" > now() - interval '10 seconds'`,
    [dan],
  );
  expect(fresh.rows).toEqual([{ id: mine.id }]);
  // The other process's slot is stale: it no longer counts, and the next claim deletes it.
  const second = await takeSlot("UPLOAD", dan);
  expect((await pool().query(`SELECT 1 FROM "TransferSlot" WHERE id = $1`, [other])).rowCount).toBe(0);
  await Promise.all([mine.release(), second.release()]);
});

test("one process reads at most 32 uploads, writes at most 8 exports and runs at most 16 plans and 16 duplicate checks at once: the next is refused with 503's sentence, whoever asks", async () => {
  expect(SLOTS_PER_PROCESS).toEqual({ UPLOAD: 32, EXPORT: 8, PLAN: 16, DUPLICATE_CHECK: 16 });
  for (const kind of ["UPLOAD", "EXPORT", "PLAN", "DUPLICATE_CHECK"] as const) {
    const cap = SLOTS_PER_PROCESS[kind];
    const users = Array.from({ length: cap / 2 + 1 }, () => randomUUID());
    const held: Slot[] = [];
    for (const user of users.slice(0, -1)) held.push(await takeSlot(kind, user), await takeSlot(kind, user));
    expect(held).toHaveLength(cap);
    const last = users.at(-1)!;
    expect(await refusal(takeSlot(kind, last))).toEqual(["BUSY", SLOT_REFUSALS[kind].process]);
    // The other kind has a share of its own.
    const other = await takeSlot(kind === "UPLOAD" ? "EXPORT" : "UPLOAD", last);
    await held.pop()!.release();
    held.push(await takeSlot(kind, last));
    await Promise.all([...held, other].map((slot) => slot.release()));
  }
  expect(SLOT_REFUSALS.UPLOAD.process).toBe("The server is reading 32 uploads at once. Try again in a minute.");
  expect(SLOT_REFUSALS.EXPORT.process).toBe("The server is writing 8 exports at once. Try again in a minute.");
  expect(SLOT_REFUSALS.PLAN.process).toBe("The server is counting 16 plans at once. Try again in a minute.");
  expect(SLOT_REFUSALS.DUPLICATE_CHECK.process).toBe(
    "The server is running 16 duplicate-send checks at once. Try again in a minute.",
  );
});

test("Compose's planner and duplicate check: two of each per user at once, the third refused with its sentence, freed however the work ends", async () => {
  const erin = randomUUID();
  for (const kind of ["PLAN", "DUPLICATE_CHECK"] as const) {
    let finish: () => void = () => {};
    const running = new Promise<void>((resolve) => (finish = resolve));
    const both = [withSlot(kind, erin, () => running), withSlot(kind, erin, () => running)];
    // Held while their work runs: counted in the table as every web process counts them.
    await expect.poll(() => rows(erin), { timeout: WAIT_BOUND_MS }).toEqual([kind, kind]);
    expect(await refusal(withSlot(kind, erin, async () => "ran"))).toEqual(["TOO_MANY", SLOT_REFUSALS[kind].user]);
    finish();
    await Promise.all(both);
    expect(await rows(erin)).toEqual([]);
    // Work that fails frees its slot too.
    await expect(
      withSlot(kind, erin, async () => {
        throw new Error("the list went away");
      }),
    ).rejects.toThrow("the list went away");
    expect(await withSlot(kind, erin, async () => "ran")).toBe("ran");
    expect(await rows(erin)).toEqual([]);
  }
  expect(SLOT_REFUSALS.PLAN.user).toBe(
    "Compose is already counting 2 plans for you. Wait for one to finish, then try again.",
  );
  expect(SLOT_REFUSALS.DUPLICATE_CHECK.user).toBe(
    "Compose is already running 2 duplicate-send checks for you. Wait for one to finish, then try again.",
  );
});
