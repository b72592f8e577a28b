import { describe, expect, it } from "vitest";
import { confirmLabel, sendSummary, skippedSentence } from "./send-summary";

describe("the review's figures and its one button", () => {
  const summary = sendSummary({
    kind: "SMS",
    given: 1_810,
    invalid: 3,
    duplicates: 2,
    optedOut: 2,
    distinct: 1_805,
    scheduled: false,
  });

  it("sends to the distinct valid numbers not opted out", () => {
    expect(summary.send).toBe(1_803);
    expect(skippedSentence(summary)).toBe("2 opted out, 3 not valid, 2 repeated");
    expect(skippedSentence({ ...summary, optedOut: 0, invalid: 0, duplicates: 0 })).toBe("none");
  });

  it("names the count and what happens", () => {
    expect(confirmLabel(summary)).toBe("Send 1,803 text messages");
    expect(confirmLabel({ kind: "SMS", send: 1, scheduled: false })).toBe("Send 1 text message");
    expect(confirmLabel({ kind: "SMS", send: 40, scheduled: true })).toBe("Schedule 40 text messages");
    expect(confirmLabel({ kind: "VOICE", send: 1_803, scheduled: false })).toBe("Call 1,803 numbers");
    expect(confirmLabel({ kind: "VOICE", send: 1, scheduled: true })).toBe("Schedule calls to 1 number");
  });

  it("never a negative count", () => {
    expect(sendSummary({ ...summary, distinct: 1, optedOut: 2 }).send).toBe(0);
  });
});
