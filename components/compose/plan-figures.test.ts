import { describe, expect, it } from "vitest";
import type { ListPlan } from "@/lib/batches/plan-list";
import { checkPasted } from "@/lib/recipients/check-pasted";
import { planFigures } from "./plan-figures";
import { listRows } from "./review-view";
import type { PastedNumbers } from "./use-pasted-numbers";

const account = {
  id: "a",
  name: "Main",
  senders: ["CLINIC"],
  defaultOriginator: "254700000000",
  batchSizeLimit: 100,
  requestsPerSecond: 120,
  price: null,
};
const list = {
  id: "l",
  filename: "wateja.csv",
  name: "wateja",
  validCount: 1_000,
  invalidCount: 10,
  duplicateCount: 5,
  columns: ["phone", "name"],
  uploaded: "",
};
const pasted = (text: string, optedOut: string[] | null): PastedNumbers => {
  const check = checkPasted(text);
  return {
    check,
    stale: false,
    tooMany: false,
    optedOut: optedOut?.map((phone) => ({ phone, line: 1 })) ?? null,
    error: null,
  };
};
const listPlan = (patch: Partial<ListPlan> = {}): ListPlan => ({
  list: { id: "l", filename: "wateja.csv", columns: ["phone", "name"] },
  kind: "SMS",
  unknown: [],
  previews: [],
  emptyRows: 0,
  emptyByPlaceholder: {},
  tooLong: 0,
  firstTooLongRow: null,
  maxCharacters: 20,
  optedOut: 1,
  segments: { 1: 958, 2: 41 },
  recipients: 1_000,
  requests: 10,
  units: 1_040,
  seconds: 0.09,
  ...patch,
});

describe("planFigures", () => {
  it("pasted numbers: sends to the distinct valid ones not opted out; units for those only", () => {
    const numbers = pasted("0712345678\n0712 345 67\n+254712345678\n0733000111", ["254733000111"]);
    const figures = planFigures({
      source: "numbers",
      kind: "SMS",
      message: "x".repeat(170),
      account,
      list: undefined,
      plan: null,
      pasted: numbers,
      scheduled: false,
    });
    expect(figures.summary).toEqual({
      kind: "SMS",
      given: 4,
      invalid: 1,
      duplicates: 1,
      optedOut: 1,
      resent: 0,
      send: 1,
      scheduled: false,
    });
    expect(figures.sendCount).toBe(1);
    expect(figures.planView).toMatchObject({ recipients: 2, units: 2, optedOut: 1, segments: { 2: 1 } });
  });

  it("no summary until the opt-out check has answered for what is typed now", () => {
    const figures = planFigures({
      source: "numbers",
      kind: "SMS",
      message: "Hello",
      account,
      list: undefined,
      plan: null,
      pasted: pasted("0712345678", null),
      scheduled: false,
    });
    expect(figures.summary).toBeNull();
    expect(figures.sendCount).toBe(1);
  });

  it("a personalised list: the segments per recipient in words, the upload's invalid and repeated rows as skipped", () => {
    const figures = planFigures({
      source: "list",
      kind: "SMS",
      message: "Habari {{name}}",
      account,
      list,
      plan: listPlan(),
      pasted: pasted("", []),
      scheduled: true,
    });
    expect(figures.perRecipient).toBe("1–2 segments; 41 recipients need 2");
    expect(figures.summary).toMatchObject({ given: 1_015, invalid: 10, duplicates: 5, optedOut: 1, send: 999 });
    expect(figures.sendCount).toBe(999);
    expect(figures.listRefusal).toBeNull();
  });

  it("a placeholder naming no column refuses the list by name, and the list keeps its count", () => {
    const figures = planFigures({
      source: "list",
      kind: "SMS",
      message: "Habari {{jina}}",
      account,
      list,
      plan: listPlan({ unknown: ["jina"], recipients: 0, optedOut: 0, segments: {} }),
      pasted: pasted("", []),
      scheduled: false,
    });
    expect(figures.listRefusal).toBe(
      "The list “wateja.csv” has no column for {{jina}}. Its placeholders are: {{phone}} {{name}}.",
    );
    expect(figures.planView).toBeNull();
    expect(figures.sendCount).toBe(1_000);
  });

  it("recipients sent this text recently are left out: the plan, the summary and the button count them out", () => {
    const numbers = pasted("0712345678\n0733000111\n0744000222", []);
    const figures = planFigures({
      source: "numbers",
      kind: "SMS",
      message: "Hello",
      account,
      list: undefined,
      plan: null,
      pasted: numbers,
      scheduled: false,
      resent: 2,
    });
    expect(figures.planView).toMatchObject({ resent: 2, recipients: 1, units: 1 });
    expect(figures.summary).toMatchObject({ resent: 2, send: 1 });
    expect(figures.sendCount).toBe(1);
    const fromList = planFigures({
      source: "list",
      kind: "SMS",
      message: "Hello",
      account,
      list,
      plan: listPlan({ segments: { 1: 999 }, units: 999 }),
      pasted: pasted("", []),
      scheduled: false,
      resent: 300,
    });
    expect(fromList.planView).toMatchObject({ resent: 300, recipients: 700, units: 699 });
    expect(fromList.sendCount).toBe(699);
    expect(fromList.summary).toMatchObject({ send: 699 });
  });

  it("everyone left out by the guard: no provider requests, no time to submit, and nothing to send (issue 35)", () => {
    const fromList = planFigures({
      source: "list",
      kind: "SMS",
      message: "Hello",
      account,
      list: { ...list, validCount: 1_900 },
      plan: listPlan({ recipients: 1_900, optedOut: 0, segments: { 1: 1_900 }, units: 1_900, requests: 19 }),
      pasted: pasted("", []),
      scheduled: false,
      resent: 1_900,
    });
    expect(fromList.planView).toMatchObject({ recipients: 0, requests: 0, seconds: 0, units: 0 });
    expect(fromList.summary).toMatchObject({ send: 0 });
    // Opted-out recipients are stored but never sent: 150 to send make 2 requests, not 3.
    const optedOut = planFigures({
      source: "list",
      kind: "SMS",
      message: "Hello",
      account,
      list: { ...list, validCount: 250 },
      plan: listPlan({ recipients: 250, optedOut: 100, segments: { 1: 150 }, units: 150, requests: 3 }),
      pasted: pasted("", []),
      scheduled: false,
    });
    expect(optedOut.planView).toMatchObject({ recipients: 250, requests: 2 });
  });

  it("the preview shows only numbers that will be sent: an opted-out one is not previewed", () => {
    const numbers = pasted("0733000111\n0712345678", ["254733000111"]);
    const figures = planFigures({
      source: "numbers",
      kind: "SMS",
      message: "Hello",
      account,
      list: undefined,
      plan: null,
      pasted: numbers,
      scheduled: false,
    });
    expect(figures.planView?.previews.map((p) => p.phone)).toEqual(["254712345678"]);
    expect(figures.planView).toMatchObject({ requests: 1 });
  });

  it("a list's rows without a number are not rows with a number, nor skipped as not valid", () => {
    const clinic = { ...list, validCount: 1_810, invalidCount: 150, duplicateCount: 40, withoutNumber: 19 };
    expect(listRows(clinic)).toBe("1,981 rows with a number, 19 without");
    expect(listRows({ ...clinic, withoutNumber: 0 })).toBe("2,000 rows with a number");
    const figures = planFigures({
      source: "list",
      kind: "SMS",
      message: "Hello",
      account,
      list: clinic,
      plan: listPlan({ recipients: 1_810, optedOut: 0, segments: { 1: 1_810 }, units: 1_810 }),
      pasted: pasted("", []),
      scheduled: false,
    });
    expect(figures.summary).toMatchObject({ given: 1_981, invalid: 131, duplicates: 40, send: 1_810 });
  });
});
