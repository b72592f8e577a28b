import { describe, expect, it } from "vitest";
import { batchPlan } from "./batch-plan";

const account = { batchSizeLimit: 100, requestsPerSecond: 120 };
const base = { smsUnits: 0, scheduledAt: null, state: "SENDING" };

describe("batchPlan", () => {
  it("counts whole requests at the account's batch size, for the batch and what is left", () => {
    const plan = batchPlan({ ...base, recipientCount: 100_001, pendingCount: 100 }, account);
    expect(plan.total.requests).toBe(1_001);
    expect(plan.left).toMatchObject({ recipients: 100, requests: 1 });
    expect(plan.total.seconds).toBeGreaterThan(plan.left.seconds);
  });

  it("says nothing is left once every message is handed over, and an empty batch needs no request", () => {
    expect(batchPlan({ ...base, recipientCount: 250, pendingCount: 0 }, account).left).toEqual({
      recipients: 0,
      requests: 0,
      seconds: 0,
    });
    expect(batchPlan({ ...base, recipientCount: 0, pendingCount: 0 }, account).total.requests).toBe(0);
  });

  it("names the start only while the batch waits for it", () => {
    const at = new Date("2026-12-01T06:00:00Z");
    expect(
      batchPlan({ ...base, recipientCount: 1, pendingCount: 1, state: "SCHEDULED", scheduledAt: at }, account).startsAt,
    ).toEqual(at);
    expect(batchPlan({ ...base, recipientCount: 1, pendingCount: 1, scheduledAt: at }, account).startsAt).toBeNull();
  });

  it("uses a smaller batch size when the account sets one", () => {
    expect(
      batchPlan({ ...base, recipientCount: 101, pendingCount: 101 }, { ...account, batchSizeLimit: 50 }).total.requests,
    ).toBe(3);
  });
});
