// The batches a worker's lanes send, as a real database shows them: an idle worker finds a batch created after it
// last looked at its next look (IDLE_REFRESH_MS), not at the busy pace, and all its idle lanes wait on one look;
// a batch's notification (wake) ends that wait at once.
import { expect, test, vi } from "vitest";
import { pool } from "@/lib/db/pool";
import { account } from "@/test/report-data";
import { smallBatch } from "@/test/small-batch";
import { author } from "@/test/upload-helpers";
import { ActiveBatches } from "./active-batches";

const authorId = await author();
const accountId = await account();

const sendNow = (name: string) => smallBatch({ accountId, authorId }, name);

test("idle lanes share one look, and that look finds a batch committed since the list was last read", async () => {
  const active = new ActiveBatches();
  expect(await active.take()).toBeNull(); // read just now: nothing to send
  const { id } = await sendNow("idle");
  const look = active.nextLook();
  expect(active.nextLook()).toBe(look); // a second idle lane waits on the same look, not a timer of its own
  await look;
  expect((await active.take())?.id).toBe(id);
});

test("with nothing to send the list is read again after the idle interval, not after the busy one", async () => {
  const active = new ActiveBatches();
  // What the first test left sending is cancelled, so that this list starts empty.
  await pool().query(`UPDATE "Batch" SET state = 'CANCELLED' WHERE state = 'SENDING'`);
  expect(await active.take()).toBeNull();
  const { id } = await sendNow("after-idle");
  await new Promise((resolve) => setTimeout(resolve, 60)); // past IDLE_REFRESH_MS (50), well short of 300
  expect((await active.take())?.id).toBe(id);
});

test("a batch's notification wakes the idle lanes' look at once, without waiting for the look's timer", async () => {
  // Only the timers are fake: the look's wait can then end by wake() alone, while the database answers as ever.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  try {
    const active = new ActiveBatches();
    await pool().query(`UPDATE "Batch" SET state = 'CANCELLED' WHERE state = 'SENDING'`);
    expect(await active.take()).toBeNull();
    const look = active.nextLook();
    const { id } = await sendNow("woken");
    let looked = false;
    void look.then(() => (looked = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(looked).toBe(false); // its timer never fires here
    active.wake();
    await look;
    expect((await active.take())?.id).toBe(id);
  } finally {
    vi.useRealTimers();
  }
});

test("a notification that arrives while the list is being read is not lost: the next take() reads again", async () => {
  // The clock stands still: without that rule, the list read before the batch would pass for fresh.
  vi.useFakeTimers({ toFake: ["Date"] });
  try {
    const active = new ActiveBatches();
    await pool().query(`UPDATE "Batch" SET state = 'CANCELLED' WHERE state = 'SENDING'`);
    const reading = active.take(); // the read is in flight…
    active.wake(); // …when a notification arrives
    expect(await reading).toBeNull();
    const { id } = await sendNow("during-read");
    expect((await active.take())?.id).toBe(id);
  } finally {
    vi.useRealTimers();
  }
});
