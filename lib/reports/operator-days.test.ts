// Per network and per day, from the rollup the triggers keep: sent, delivered, refused and failed by class equal a
// count of the messages; days are East Africa Time days (a message sent at 23:30 EAT is that day's, not the next);
// the 30-day window ends today and begins 29 days before; the median delay is the bucket holding it.
import { expect, test } from "vitest";
import { account, batch, messages, type MessageSpec } from "@/test/report-data";
import { delayBucket } from "./delay-buckets";
import { getOperatorDays, NO_OPERATOR, OPERATOR_DAYS } from "./operator-days";

const now = new Date("2026-11-23T09:00:00Z"); // 12:00 EAT
const eat = (iso: string) => new Date(`${iso}+03:00`);

const accountId = await account();
const id = await batch(accountId);
const specs: MessageSpec[] = [];
const sent = (at: string, operator: string | null, state: string, extra: Partial<MessageSpec> = {}) =>
  specs.push({ phone: `2547${String(30_000_000 + specs.length)}`, state, operator, submittedAt: eat(at), ...extra });
// Today, Safaricom: 3 delivered at 20 s, 50 s and 90 s (median 50 s), 1 absent, 1 blacklisted, 1 awaiting.
for (const s of [20, 50, 90])
  sent("2026-11-23T08:00:00", "Safaricom", "DELIVERED", {
    receiptAt: new Date(eat("2026-11-23T08:00:00").getTime() + s * 1000),
  });
sent("2026-11-23T08:00:00", "Safaricom", "FAILED", { failureClass: "ABSENT", receiptAt: eat("2026-11-23T09:00:00") });
sent("2026-11-23T08:00:00", "Safaricom", "FAILED", {
  failureClass: "BLACKLISTED",
  receiptAt: eat("2026-11-23T08:00:30"),
});
sent("2026-11-23T08:00:00", "Safaricom", "QUEUED");
// Yesterday 23:30 EAT (20:30 UTC, so "today" in UTC would be wrong), Airtel: one Unknown, one delivered.
sent("2026-11-22T23:30:00", "Airtel", "FAILED", { failureClass: "NETWORK", receiptAt: eat("2026-11-22T23:31:00") });
sent("2026-11-22T23:30:00", "Airtel", "DELIVERED", { receiptAt: eat("2026-11-22T23:30:05") });
// Refused by the provider: no operator.
sent("2026-11-23T07:00:00", null, "REJECTED", { lastError: "invalid sender" });
// 29 days ago counts; 30 days ago does not.
sent("2026-10-25T00:10:00", "Telkom", "DELIVERED", { receiptAt: eat("2026-10-25T00:10:10") });
sent("2026-10-24T23:50:00", "Telkom", "DELIVERED", { receiptAt: eat("2026-10-24T23:50:10") });
// Never sent: not counted anywhere.
specs.push({ phone: "254799000000", state: "PENDING", operator: "Safaricom" });
await messages(id, specs);

test("figures per network and day, in East Africa Time days, over exactly 30 days", async () => {
  const report = await getOperatorDays(now);
  expect(report.days).toHaveLength(OPERATOR_DAYS);
  expect([report.days[0], report.days.at(-1)]).toEqual(["2026-10-25", "2026-11-23"]);
  expect(report.operators.map((o) => o.operator)).toEqual(["Safaricom", "Airtel", NO_OPERATOR, "Telkom"]);

  const safaricom = report.operators[0]!;
  const today = safaricom.days.at(-1)!;
  expect(today).toMatchObject({ day: "2026-11-23", sent: 6, delivered: 3, failed: 2, rejected: 0 });
  expect(today.failures).toMatchObject({ ABSENT: 1, BLACKLISTED: 1, NETWORK: 0 });
  // Final receipts at 20 s, 30 s, 50 s, 90 s and 1 h: the median (50 s) is in its bucket.
  expect(today.medianDelayBucket).toBe(delayBucket(50));
  expect(safaricom.total).toMatchObject({ sent: 6, delivered: 3, failed: 2 });

  const airtel = report.operators[1]!;
  expect(airtel.days.at(-2)).toMatchObject({ day: "2026-11-22", sent: 2, delivered: 1, failed: 1 });
  expect(airtel.days.at(-1)).toMatchObject({ sent: 0, medianDelayBucket: null });

  expect(report.operators[2]!.total).toMatchObject({ sent: 1, rejected: 1, delivered: 0 });
  const telkom = report.operators[3]!;
  expect(telkom.total.sent).toBe(1);
  expect(telkom.days[0]).toMatchObject({ day: "2026-10-25", sent: 1, delivered: 1 });
});

test("nothing in the window: no operators, still 30 days", async () => {
  const report = await getOperatorDays(new Date("2027-06-01T00:00:00Z"));
  expect(report.operators).toEqual([]);
  expect(report.days).toHaveLength(30);
});
