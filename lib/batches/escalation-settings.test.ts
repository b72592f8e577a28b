// The escalation option as Compose and the API send it (escalation-settings.ts, through compose-schema.ts): the
// minutes' bounds exactly, only on SMS, and a call's options only with the minutes.
import { expect, test } from "vitest";
import { composeSchema } from "./compose-schema";

const form = (extra: Record<string, unknown>) => ({
  kind: "SMS",
  accountId: "6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b",
  name: "n",
  templateText: "Hello",
  sender: "TUMA",
  recipients: "0712345678",
  ...extra,
});
const issues = (extra: Record<string, unknown>) =>
  composeSchema.safeParse(form(extra)).error?.issues.map((i) => [i.path.join("."), i.message]) ?? [];

test("5 and 1,440 minutes are taken; 4, 1,441, a fraction and text are refused next to the field", () => {
  expect(issues({ escalateAfterMinutes: "5" })).toEqual([]);
  expect(issues({ escalateAfterMinutes: 1440 })).toEqual([]);
  const between = "Call after 5 to 1,440 minutes.";
  expect(issues({ escalateAfterMinutes: "4" })).toEqual([["escalateAfterMinutes", between]]);
  expect(issues({ escalateAfterMinutes: "1441" })).toEqual([["escalateAfterMinutes", between]]);
  expect(issues({ escalateAfterMinutes: "7.5" })).toEqual([["escalateAfterMinutes", "Whole minutes."]]);
  expect(issues({ escalateAfterMinutes: "soon" })).toEqual([["escalateAfterMinutes", between]]);
});

test("an empty field means no escalation; the call's options need the minutes; a voice batch cannot escalate", () => {
  const parsed = composeSchema.parse(form({ escalateAfterMinutes: "", escalationText: "" }));
  expect(parsed.escalateAfterMinutes ?? null).toBeNull();
  expect(issues({ escalationText: "Please call back" })).toEqual([
    ["escalateAfterMinutes", "Say after how many minutes to call, or leave the call's options empty."],
  ]);
  expect(
    issues({ kind: "VOICE", sender: "", originator: "254700000000", escalateAfterMinutes: "30" }).map(([p]) => p),
  ).toEqual(["escalateAfterMinutes"]);
});

test("the call's script, voice and repeat are checked as a voice message's", () => {
  const ok = composeSchema.parse(
    form({ escalateAfterMinutes: "30", escalationText: " Habari ", escalationVoice: "2", escalationRepeat: "3" }),
  );
  expect(ok).toMatchObject({
    escalateAfterMinutes: 30,
    escalationText: "Habari",
    escalationVoice: 2,
    escalationRepeat: 3,
  });
  expect(issues({ escalateAfterMinutes: "30", escalationRepeat: "11" })).toEqual([
    ["escalationRepeat", "Repeat 1 to 10 times."],
  ]);
  expect(issues({ escalateAfterMinutes: "30", escalationText: "x".repeat(4001) })).toEqual([
    ["escalationText", "At most 4000 characters."],
  ]);
});
