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
  recentlySent: { recipients: 0, units: 0, segments: {} },
  ...patch,
});

type Input = Parameters<typeof planFigures>[0];
/** Compose's figures for pasted numbers (an SMS saying "Hello", sent now); `patch` changes the rest. */
const numbersFigures = (numbers: PastedNumbers, patch: Partial<Input> = {}) =>
  planFigures({
    source: "numbers",
    kind: "SMS",
    message: "Hello",
    account,
    list: undefined,
    plan: null,
    pasted: numbers,
    scheduled: false,
    ...patch,
  });
/** The same for the list `list` with its planner's `plan`. */
const listFigures = (plan: ListPlan, patch: Partial<Input> = {}) =>
  planFigures({
    source: "list",
    kind: "SMS",
    message: "Hello",
    account,
    list,
    plan,
    pasted: pasted("", []),
    scheduled: false,
    ...patch,
  });

describe("planFigures", () => {
  it("pasted numbers: sends to the distinct valid ones not opted out; units for those only", () => {
    const numbers = pasted("0712345678\n0712 345 67\n+254712345678\n0733000111", ["254733000111"]);
    const figures = numbersFigures(numbers, { message: "x".repeat(170) });
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
    // Recipients are those sent the text: the opted-out number is not one of them (issue 35).
    expect(figures.planView).toMatchObject({ recipients: 1, requests: 1, units: 2, optedOut: 1, segments: { 2: 1 } });
  });

  it("no summary until the opt-out check has answered for what is typed now", () => {
    const figures = numbersFigures(pasted("0712345678", null));
    expect(figures.summary).toBeNull();
    expect(figures.sendCount).toBe(1);
  });

  it("a personalised list: the segments per recipient in words, the upload's invalid and repeated rows as skipped", () => {
    const figures = listFigures(listPlan(), { message: "Habari {{name}}", scheduled: true });
    expect(figures.perRecipient).toBe("1–2 segments; 41 recipients need 2");
    expect(figures.summary).toMatchObject({ given: 1_015, invalid: 10, duplicates: 5, optedOut: 1, send: 999 });
    expect(figures.sendCount).toBe(999);
    expect(figures.listRefusal).toBeNull();
  });

  it("a placeholder naming no column refuses the list by name, and the list keeps its count", () => {
    const figures = listFigures(listPlan({ unknown: ["jina"], recipients: 0, optedOut: 0, segments: {} }), {
      message: "Habari {{jina}}",
    });
    expect(figures.listRefusal).toBe(
      "The list “wateja.csv” has no column for {{jina}}. Its placeholders are: {{phone}} {{name}}.",
    );
    expect(figures.planView).toBeNull();
    expect(figures.sendCount).toBe(1_000);
  });

  it("recipients sent this text recently are left out: the plan, the summary and the button count them out", () => {
    const numbers = pasted("0712345678\n0733000111\n0744000222", []);
    const figures = numbersFigures(numbers, { resent: 2 });
    expect(figures.planView).toMatchObject({ resent: 2, recipients: 1, units: 1 });
    expect(figures.summary).toMatchObject({ resent: 2, send: 1 });
    expect(figures.sendCount).toBe(1);
    const fromList = listFigures(
      listPlan({
        segments: { 1: 999 },
        units: 999,
        recentlySent: { recipients: 300, units: 300, segments: { 1: 300 } },
      }),
      { resent: 300 },
    );
    // 1,000 saved, 1 opted out, 300 sent it recently: 699 are sent it, in 7 requests.
    expect(fromList.planView).toMatchObject({ resent: 300, recipients: 699, requests: 7, units: 699 });
    expect(fromList.planView?.segments).toEqual({ 1: 699 });
    expect(fromList.sendCount).toBe(699);
    expect(fromList.summary).toMatchObject({ send: 699 });
  });

  it("everyone left out by the guard: no provider requests, no time to submit, and nothing to send (issue 35)", () => {
    const fromList = listFigures(
      listPlan({
        recipients: 1_900,
        optedOut: 0,
        segments: { 1: 1_900 },
        units: 1_900,
        requests: 19,
        recentlySent: { recipients: 1_900, units: 1_900, segments: { 1: 1_900 } },
      }),
      { list: { ...list, validCount: 1_900 }, resent: 1_900 },
    );
    expect(fromList.planView).toMatchObject({ recipients: 0, requests: 0, seconds: 0, units: 0 });
    expect(fromList.summary).toMatchObject({ send: 0 });
    // Opted-out recipients are stored but never sent: 150 to send make 2 requests, not 3.
    const optedOut = listFigures(
      listPlan({ recipients: 250, optedOut: 100, segments: { 1: 150 }, units: 150, requests: 3 }),
      { list: { ...list, validCount: 250 } },
    );
    expect(optedOut.planView).toMatchObject({ recipients: 150, requests: 2, units: 150 });
  });

  it("the preview shows only numbers that will be sent: an opted-out one is not previewed", () => {
    const numbers = pasted("0733000111\n0712345678", ["254733000111"]);
    const figures = numbersFigures(numbers);
    expect(figures.planView?.previews.map((p) => p.phone)).toEqual(["254712345678"]);
    expect(figures.planView).toMatchObject({ requests: 1 });
  });

  it("the preview skips the numbers the guard leaves out, and shows them again when the operator includes them", () => {
    const numbers = pasted("0711000001\n0711000002\n0711000003\n0711000004", ["254711000001"]);
    const resentPhones = new Set(["254711000002"]);
    const left = numbersFigures(numbers, { resentPhones, resent: 1 });
    expect(left.planView?.previews.map((p) => p.phone)).toEqual(["254711000003", "254711000004"]);
    expect(left.planView).toMatchObject({ recipients: 2, requests: 1, units: 2, optedOut: 1, resent: 1 });
    // Included (the guard's count is then 0): the number is previewed and counted again.
    const included = numbersFigures(numbers, { resentPhones, resent: 0 });
    expect(included.planView?.previews.map((p) => p.phone)).toEqual(["254711000002", "254711000003", "254711000004"]);
    expect(included.planView).toMatchObject({ recipients: 3, units: 3 });
  });

  it("a list's preview skips the rows its planner tagged as sent recently, exact units for a personalised text", () => {
    const preview = (row: number, recent?: true) => ({
      row,
      phone: `2547110000${row}`,
      text: `Habari ${row}`,
      characters: 8,
      encoding: "GSM-7" as const,
      segments: row === 3 ? 2 : 1,
      ucs2: [],
      ...(recent ? { recent } : {}),
    });
    const plan = listPlan({
      recipients: 10,
      optedOut: 1,
      units: 10,
      segments: { 1: 8, 2: 1 },
      previews: [preview(2), preview(3, true), preview(4), preview(5), preview(6), preview(7)],
      recentlySent: { recipients: 1, units: 2, segments: { 2: 1 } },
    });
    const input = { message: "Habari {{name}}", list: { ...list, validCount: 10 } };
    const left = listFigures(plan, { ...input, resent: 1 });
    expect(left.planView?.previews.map((p) => p.row)).toEqual([2, 4, 5, 6, 7]);
    expect(left.planView).toMatchObject({ recipients: 8, units: 8, segments: { 1: 8 } });
    const included = listFigures(plan, { ...input, resent: 0 });
    expect(included.planView?.previews.map((p) => p.row)).toEqual([2, 3, 4, 5, 6]);
    expect(included.planView).toMatchObject({ recipients: 9, units: 10, segments: { 1: 8, 2: 1 } });
  });

  it("a list's rows without a number are not rows with a number, nor skipped as not valid", () => {
    const clinic = { ...list, validCount: 1_810, invalidCount: 150, duplicateCount: 40, withoutNumber: 19 };
    expect(listRows(clinic)).toBe("1,981 rows with a number, 19 without");
    expect(listRows({ ...clinic, withoutNumber: 0 })).toBe("2,000 rows with a number");
    const figures = listFigures(listPlan({ recipients: 1_810, optedOut: 0, segments: { 1: 1_810 }, units: 1_810 }), {
      list: clinic,
    });
    expect(figures.summary).toMatchObject({ given: 1_981, invalid: 131, duplicates: 40, send: 1_810 });
  });
});
