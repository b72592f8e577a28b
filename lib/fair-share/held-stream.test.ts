// A response body holding a slot: released when the body ends, fails or is cancelled (the server cancels it when the
// client goes away), the cancel passed on to the source, and nothing read from the source before the client asks.
import { randomUUID } from "node:crypto";
import { expect, test } from "vitest";
import { heldStream } from "./held-stream";
import { countRows } from "@/test/report-data";

const slots = (userId: string) => countRows(`"TransferSlot" WHERE "userId" = $1`, [userId]);

/** Lets every pull the last read set off begin: a chunk read ahead is counted by then. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

/** A source of `pieces` chunks that counts its pulls and whether it was cancelled. */
function source(pieces: number, failAt = -1) {
  const seen = { pulls: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (seen.pulls === failAt) throw new Error("the database went away");
        if (seen.pulls++ === pieces) controller.close();
        else controller.enqueue(new Uint8Array([seen.pulls]));
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { seen, stream };
}

test("read to its end, the body releases its slot; nothing is pulled from the source before the client reads", async () => {
  const user = randomUUID();
  const { seen, stream } = source(3);
  const body = await heldStream("EXPORT", user, () => stream);
  await settled();
  expect([seen.pulls, await slots(user)]).toEqual([0, 1]);
  const reader = body.getReader();
  await reader.read();
  await settled();
  expect(seen.pulls).toBe(1);
  while (!(await reader.read()).done);
  expect(await slots(user)).toBe(0);
});

test("cancelled (the client went away), the body releases its slot and cancels its source", async () => {
  const user = randomUUID();
  const { seen, stream } = source(1_000);
  const reader = (await heldStream("EXPORT", user, () => stream)).getReader();
  await reader.read();
  await reader.cancel();
  expect([seen.cancelled, seen.pulls, await slots(user)]).toEqual([true, 1, 0]);
});

test("a source that fails releases the slot; one that cannot be opened never holds it", async () => {
  const user = randomUUID();
  const { stream } = source(5, 2);
  const reader = (await heldStream("EXPORT", user, () => stream)).getReader();
  await reader.read();
  await reader.read();
  await expect(reader.read()).rejects.toThrow("the database went away");
  expect(await slots(user)).toBe(0);
  await expect(
    heldStream("EXPORT", user, () => {
      throw new Error("too large");
    }),
  ).rejects.toThrow("too large");
  expect(await slots(user)).toBe(0);
});
