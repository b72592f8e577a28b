import { expect, test } from "vitest";
import { callOutcome } from "./call-outcome";

test("an SMS's call in the operator's words: reached by call, called instead of a receipt, or nothing more to say", () => {
  expect(callOutcome("FAILED", "ANSWERED")).toEqual({ label: "reached by call", reached: true });
  expect(callOutcome("QUEUED", "ANSWERED")).toEqual({ label: "no receipt — called instead (answered)", reached: true });
  expect(callOutcome("QUEUED", "FAILED")).toEqual({
    label: "no receipt — called instead (not answered)",
    reached: false,
  });
  expect(callOutcome("QUEUED", "QUEUED")?.label).toBe("no receipt — called instead (calling)");
  expect(callOutcome("FAILED", "FAILED")?.label).toBe("called (not answered)");
  expect(callOutcome("DELIVERED", "CANCELLED")).toBeNull();
  expect(callOutcome("FAILED", null)).toBeNull();
});
