// The session that holds a large batch's storing lock (lib/batches/create-batch.ts) is asked for while the account is
// read: a batch refused at that point (no such account, a voice language the account lacks) gives it back, so
// refusals never leak connections from the lock pool's share of the budget. And a batch that is stored gives it
// back too, its lock released.
import { randomUUID } from "node:crypto";
import { expect, test } from "vitest";
import { lockPool } from "@/lib/db/pool";
import { account } from "@/test/report-data";
import { author } from "@/test/upload-helpers";
import { phones } from "@/test/dispatch-harness";
import { createBatch } from "./create-batch";
import { WAIT_BOUND_MS } from "@/test/wait-bound";

const LARGE = 2_500; // over the first slice: stored in slices, under the storing lock

const large = (accountId: string, authorId: string) => ({
  kind: "SMS" as const,
  accountId,
  authorId,
  name: "large",
  templateText: "Habari",
  sender: "TUMA",
  recipients: phones(LARGE, 700_000).map((phone) => ({ phone })),
});

/** Lock-pool sessions checked out (opened and not idle). */
const checkedOut = () => lockPool().totalCount - lockPool().idleCount;

test("a large batch refused for its account gives the storing session back; a stored one too", async () => {
  const authorId = await author();
  for (let i = 0; i < 3; i++)
    await expect(createBatch(large(randomUUID(), authorId))).rejects.toThrow("That provider account does not exist.");
  // The refusal does not wait for the session it asked for: it is given back as soon as it arrives.
  await expect.poll(checkedOut, { timeout: WAIT_BOUND_MS }).toBe(0);

  const stored = await createBatch(large(await account(), authorId));
  expect(stored.recipients).toBe(LARGE);
  expect(checkedOut()).toBe(0);
});
