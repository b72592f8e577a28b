import { expect, test } from "vitest";
import { worstCaseEscalation } from "./worst-case";

test("at worst everyone sent the SMS is called, one voice unit each; opted-out numbers never are", () => {
  expect(worstCaseEscalation({ recipients: 1_000, optedOut: 12 }, 30)).toEqual({
    minutes: 30,
    calls: 988,
    voiceUnits: 988,
  });
  expect(worstCaseEscalation({ recipients: 3 }, 5)).toEqual({ minutes: 5, calls: 3, voiceUnits: 3 });
  expect(worstCaseEscalation({ recipients: 2, optedOut: 2 }, 5).calls).toBe(0);
});
