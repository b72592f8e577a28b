// POST /api/v1/batches against the units budget (docs/units-budget.md): the same service refuses a batch that does
// not fit with problem+json naming overrideBudget; an override without a reason names budgetReason; an administrator's
// key with a reason creates it; a voice language outside the account's list names language.
import { randomUUID } from "node:crypto";
import { beforeAll, expect, test } from "vitest";
import { POST as createBatch } from "@/app/api/v1/batches/route";
import { db } from "@/lib/db/client";
import { recordPurchase } from "@/lib/purchases/record-purchase";
import { unitsFigures } from "@/lib/units/units-figures";
import { call, defaultAccount, keyFor, user } from "./api-client";

let accountId = "";
let operatorKey = "";
let adminKey = "";

beforeAll(async () => {
  accountId = await defaultAccount();
  const admin = await user("ADMIN");
  operatorKey = await keyFor(await user("OPERATOR"), ["send", "read"]);
  // Sending over the budget through the API needs the admin scope (lib/api/budget-override.ts).
  adminKey = await keyFor(admin, ["send", "read", "admin"]);
  // What earlier batches of this file's database committed is counted too: buy exactly what is committed, plus 2.
  await recordPurchase({ accountId, units: 1, note: "start" }, admin);
  const figures = await unitsFigures(accountId);
  const left = figures.balance - figures.committed;
  await recordPurchase({ accountId, units: 2 - left, note: "to two left" }, admin);
});

let next = 0;
/** Numbers no other batch of this file used (the duplicate-send guard is off for the API, but keep them apart). */
const recipients = (count: number) => Array.from({ length: count }, () => `2547${String(30_000_000 + next++)}`);

test("a batch one unit over the budget is refused with problem+json naming overrideBudget", async () => {
  const name = `units-${randomUUID()}`;
  const answer = await call(createBatch, {
    key: operatorKey,
    body: { name, templateText: "Units API", recipients: recipients(3) },
  });
  expect(answer.status).toBe(400);
  expect(answer.headers.get("content-type")).toBe("application/problem+json");
  const problem = (await answer.json()) as { detail: string; errors: { path: string; message: string }[] };
  expect(problem.detail).toMatch(/needs 3 units.*1 short/);
  expect(problem.errors.map((e) => e.path)).toEqual(["overrideBudget"]);
  expect(await db.batch.count({ where: { name } })).toBe(0);
});

test("an override without a reason is refused naming budgetReason; an administrator with a reason sends it", async () => {
  const name = `units-${randomUUID()}`;
  const body = { name, templateText: "Units API override", recipients: recipients(3), overrideBudget: true };
  const noReason = await call(createBatch, { key: adminKey, body });
  expect(noReason.status).toBe(400);
  const problem = (await noReason.json()) as { errors: { path: string }[] };
  expect(problem.errors.map((e) => e.path)).toEqual(["budgetReason"]);
  const operator = await call(createBatch, { key: operatorKey, body: { ...body, budgetReason: "urgent" } });
  expect(operator.status).toBe(403);
  const admin = await call(createBatch, { key: adminKey, body: { ...body, budgetReason: "Units ordered" } });
  expect(admin.status).toBe(201);
  expect(await db.batch.count({ where: { name } })).toBe(1);
});

test("overrideBudget needs the admin scope: an administrator's send key is refused; with admin it is audited as such", async () => {
  const name = `units-${randomUUID()}`;
  const admin = await user("ADMIN");
  const sendOnly = await keyFor(admin, ["send", "read"]);
  const body = {
    name,
    templateText: "Units API scope",
    recipients: recipients(3),
    overrideBudget: true,
    budgetReason: "Units ordered",
  };
  const refused = await call(createBatch, { key: sendOnly, body });
  expect(refused.status).toBe(403);
  const problem = (await refused.json()) as { code: string; errors: { path: string; code: string }[] };
  expect(problem.code).toBe("missing_scope");
  expect(problem.errors).toEqual([expect.objectContaining({ path: "overrideBudget", code: "missing_scope" })]);
  expect(await db.batch.count({ where: { name } })).toBe(0);
  expect(await db.auditEvent.count({ where: { action: "api_key.admin_use", actorId: admin } })).toBe(0);

  const withAdmin = await keyFor(admin, ["send", "admin"]);
  const sent = await call(createBatch, { key: withAdmin, path: "/batches", body });
  expect(sent.status).toBe(201);
  const { id } = (await sent.json()) as { id: string };
  const uses = await db.auditEvent.findMany({ where: { action: "api_key.admin_use", actorId: admin } });
  expect(uses.map((event) => event.detail)).toEqual([
    expect.objectContaining({ operation: "POST /api/v1/batches", use: "overrideBudget", reason: "Units ordered" }),
  ]);
  expect(await db.auditEvent.count({ where: { action: "units.override", targetId: id } })).toBe(1);
});
