// Where a batch stands in the operator's words: sent but with receipts awaited is "waiting for N receipts", never
// "completed"; finished only when settled or when the no-receipt age has passed since the last send.
import { expect, test } from "vitest";
import { batchPhase } from "./phase";

const now = new Date("2026-11-23T10:00:00Z");
const ago = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

test("a sent batch still waiting for 1,543 receipts 12 s after sending is waiting, not completed", () => {
  const phase = batchPhase(
    { state: "COMPLETED", queuedCount: 1_543, finishedAt: new Date(now.getTime() - 12_000) },
    48,
    now,
  );
  expect(phase).toEqual({ key: "waiting", label: "waiting for 1,543 receipts", tone: "info" });
  expect(batchPhase({ state: "COMPLETED", queuedCount: 1, finishedAt: ago(1) }, 48, now).label).toBe(
    "waiting for 1 receipt",
  );
});

test("finished when every receipt came, or when the no-receipt age has passed (the rest counted)", () => {
  expect(batchPhase({ state: "COMPLETED", queuedCount: 0, finishedAt: ago(0.01) }, 48, now)).toMatchObject({
    key: "finished",
    label: "finished",
  });
  expect(batchPhase({ state: "COMPLETED", queuedCount: 7, finishedAt: ago(48) }, 48, now).label).toBe(
    "finished, 7 without receipt",
  );
  expect(batchPhase({ state: "COMPLETED", queuedCount: 7, finishedAt: ago(47.9) }, 48, now).key).toBe("waiting");
  // The age is a setting: 2 hours here.
  expect(batchPhase({ state: "COMPLETED", queuedCount: 7, finishedAt: ago(3).toISOString() }, 2, now).key).toBe(
    "finished",
  );
});

test("every other state reads as itself", () => {
  for (const [state, label] of [
    ["SCHEDULED", "scheduled"],
    ["QUEUED", "queued"],
    ["SENDING", "sending"],
    ["PAUSED", "paused"],
    ["CANCELLED", "cancelled"],
    ["FAILED", "failed"],
  ] as const)
    expect(batchPhase({ state, queuedCount: 10, finishedAt: null }, 48, now).label).toBe(label);
});

test("an escalating batch: SMS whose call was placed are not awaited as receipts; it waits for its calls, then finishes", () => {
  const sent = { state: "COMPLETED", finishedAt: ago(1) };
  expect(batchPhase({ ...sent, queuedCount: 58, queuedCalledCount: 58, callsOpen: 3 }, 48, now).label).toBe(
    "waiting for 3 calls",
  );
  expect(batchPhase({ ...sent, queuedCount: 58, queuedCalledCount: 50, callsOpen: 3 }, 48, now).label).toBe(
    "waiting for 8 receipts",
  );
  expect(batchPhase({ ...sent, queuedCount: 58, queuedCalledCount: 58, callsOpen: 0 }, 48, now)).toMatchObject({
    key: "finished",
    label: "finished",
  });
});

test("receipts with a status Tuma does not know are not 'waiting': the phase says to map it", () => {
  expect(batchPhase({ state: "COMPLETED", finishedAt: ago(1), queuedCount: 5, unmappedReceipts: 4 }, 48, now)).toEqual({
    key: "unmapped",
    label: "4 receipts with a status Tuma does not know — map it",
    tone: "warning",
  });
});
