import { expect, test } from "vitest";
import { composeListSchema, composeSchema } from "./compose-schema";

const form = (recipients: string) => ({
  kind: "SMS",
  accountId: "6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b",
  name: "n",
  templateText: "Hello",
  sender: "TUMA",
  recipients,
  scheduledAt: "",
});

test("up to 100,000 pasted numbers are taken; one more is refused with a sentence that says what to do instead", () => {
  const numbers = (n: number) =>
    Array.from({ length: n }, (_, i) => `07${String(10_000_000 + i).slice(-8)}`).join("\n");
  const ok = composeSchema.safeParse(form(numbers(100_000)));
  expect(ok.success && ok.data.recipients).toHaveLength(100_000);
  const over = composeSchema.safeParse(form(numbers(100_001)));
  expect(over.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
    ["recipients", "At most 100,000 numbers can be pasted; upload a file for more."],
  ]);
});

test("a time more than a minute in the past is refused next to its field; one within the minute is taken as now", () => {
  const past = composeSchema.safeParse({
    ...form("0712345678"),
    scheduledAt: new Date(Date.now() - 120_000).toISOString(),
  });
  expect(past.error?.issues.map((i) => i.path.join("."))).toEqual(["scheduledAt"]);
  expect(
    composeSchema.safeParse({ ...form("0712345678"), scheduledAt: new Date(Date.now() - 20_000).toISOString() })
      .success,
  ).toBe(true);
});

test("a send-later time without its zone is refused, never read in the server's zone; with an offset it is an instant", () => {
  const local = composeSchema.safeParse({ ...form("0712345678"), scheduledAt: "2031-03-04T09:30" });
  expect(local.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
    ["scheduledAt", "Not a valid date and time."],
  ]);
  const eat = composeSchema.safeParse({ ...form("0712345678"), scheduledAt: "2031-03-04T09:30:00+03:00" });
  expect(eat.data?.scheduledAt?.toISOString()).toBe("2031-03-04T06:30:00.000Z");
});

test("a list batch's variants and language mapping arrive as JSON fields; variants without a language column are refused", () => {
  const list = {
    ...form(""),
    recipients: undefined,
    listId: "6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4c",
    variants: JSON.stringify([{ language: "Kiswahili", text: "Habari" }]),
    languageColumn: "lugha",
    languageMapping: JSON.stringify({ Klingon: "sw" }),
  };
  const parsed = composeListSchema.parse(list);
  expect(parsed.variants).toEqual([{ language: "sw", text: "Habari" }]);
  expect(parsed.languageMapping).toEqual({ Klingon: "sw" });
  const noColumn = composeListSchema.safeParse({ ...list, languageColumn: "" });
  expect(noColumn.error?.issues.map((i) => i.path.join("."))).toEqual(["languageColumn"]);
  const broken = composeListSchema.safeParse({ ...list, variants: "[{" });
  expect(broken.error?.issues.map((i) => i.path.join("."))).toEqual(["variants"]);
  // Pasted numbers all get the default: their form has no variants field to read.
  expect(composeListSchema.parse({ ...list, variants: "", languageColumn: "" }).variants).toBeUndefined();
});
