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
