// Strict requests and errors an integrator can switch on (docs/api.md, "Errors"): an unknown body field or query
// parameter is refused by name (a typo `sheduledAt` must not send at once), a recipient missing a field its text needs
// is refused with its path — or sent with the request's fieldDefaults, never with a blank — every bad number is named
// by its path up to the cap and the rest counted, and a missing id is 404 `not_found` on every route.
import { beforeAll, expect, test } from "vitest";
import { POST as cancel } from "@/app/api/v1/batches/[id]/cancel/route";
import { GET as messages } from "@/app/api/v1/batches/[id]/messages/route";
import { POST as pause } from "@/app/api/v1/batches/[id]/pause/route";
import { POST as resend } from "@/app/api/v1/batches/[id]/resend/route";
import { POST as resume } from "@/app/api/v1/batches/[id]/resume/route";
import { GET as readBatch } from "@/app/api/v1/batches/[id]/route";
import { GET as listBatches, POST as createBatch } from "@/app/api/v1/batches/route";
import { GET as readList, DELETE as deleteList } from "@/app/api/v1/lists/[id]/route";
import { GET as readMessage } from "@/app/api/v1/messages/[id]/route";
import { GET as deliveries } from "@/app/api/v1/webhooks/[id]/deliveries/route";
import { MAX_LISTED_ERRORS } from "@/lib/api/problem";
import { db } from "@/lib/db/client";
import { call, defaultAccount, keyFor, user } from "./api-client";

type Problem = {
  type: string;
  code: string;
  status: number;
  detail: string;
  errors?: { path: string; code: string; message: string }[];
  errorsOmitted?: number;
};

let key = "";
let adminKey = "";
const MISSING = "00000000-0000-4000-8000-00000000abcd";

beforeAll(async () => {
  await defaultAccount();
  key = await keyFor(await user("OPERATOR"), ["send", "read", "lists"]);
  adminKey = await keyFor(await user("ADMIN"), ["admin"]);
});

const problem = async (answer: Response): Promise<Problem> => {
  expect(answer.headers.get("content-type")).toBe("application/problem+json");
  return (await answer.json()) as Problem;
};

test("a misspelled field (sheduledAt) is refused by name, and nothing is sent", async () => {
  const name = "typo";
  const scheduledAt = new Date(Date.now() + 86_400_000).toISOString();
  const answer = await call(createBatch, {
    key,
    body: { name, templateText: "Reminder", recipients: ["254712345678"], sheduledAt: scheduledAt },
  });
  expect(answer.status).toBe(400);
  const body = await problem(answer);
  expect(body).toMatchObject({ code: "validation_failed", type: "/api-reference#problem-validation_failed" });
  expect(body.errors).toEqual([
    { path: "sheduledAt", code: "unknown_field", message: expect.stringMatching(/sheduledAt/) },
  ]);
  expect(await db.batch.count({ where: { name } })).toBe(0);
  // Inside a recipient too.
  const nested = await call(createBatch, {
    key,
    body: { name, templateText: "Hi", recipients: [{ phone: "254712345678", feilds: { name: "A" } }] },
  });
  expect((await problem(nested)).errors).toEqual([
    expect.objectContaining({ path: "recipients[0].feilds", code: "unknown_field" }),
  ]);
  expect(await db.batch.count({ where: { name } })).toBe(0);
});

test("an unknown query parameter is refused by name, with what the operation takes", async () => {
  const answer = await call(listBatches, { key, path: "/batches?limit=5&stat=SENDING" });
  expect(answer.status).toBe(400);
  const body = await problem(answer);
  expect(body.errors).toEqual([
    { path: "stat", code: "unknown_field", message: expect.stringMatching(/“stat”.*state/) },
  ]);
  // An operation that takes none refuses any.
  const none = await call(readBatch, { key, path: `/batches/${MISSING}?expand=messages`, params: { id: MISSING } });
  expect(none.status).toBe(400);
  expect((await problem(none)).errors?.[0]).toMatchObject({ path: "expand", code: "unknown_field" });
});

test("a recipient without a value for a placeholder is refused with its path; fieldDefaults fill it; never a blank", async () => {
  const recipients = [
    { phone: "254712345601", fields: { name: "Amina", time: "9:00" } },
    { phone: "254712345602", fields: { name: "Baraka" } },
    { phone: "254712345603", fields: { name: "Chep", time: "  " } },
  ];
  const name = "gaps";
  const templateText = "Hello {{name}}, see you tomorrow at {{time}}. Reply STOP to opt out.";
  const refused = await call(createBatch, { key, body: { name, templateText, recipients } });
  expect(refused.status).toBe(400);
  const body = await problem(refused);
  expect(body.errors).toEqual([
    { path: "recipients[1].fields.time", code: "missing_field", message: expect.stringMatching(/\{\{time\}\}/) },
    { path: "recipients[2].fields.time", code: "missing_field", message: expect.stringMatching(/\{\{time\}\}/) },
  ]);
  expect(await db.batch.count({ where: { name } })).toBe(0);
  // A placeholder nobody has (a typo) is one error on the text, with its own code.
  const typo = await call(createBatch, {
    key,
    body: { name, templateText: "Hello {{nmae}}, see you at {{time}}.", recipients, fieldDefaults: { time: "9:00" } },
  });
  expect(typo.status).toBe(400);
  expect((await problem(typo)).errors).toEqual([
    { path: "templateText", code: "unknown_placeholder", message: expect.stringMatching(/\{\{nmae\}\}/) },
  ]);
  expect(await db.batch.count({ where: { name } })).toBe(0);

  const sent = await call(createBatch, {
    key,
    body: { name, templateText, recipients, fieldDefaults: { time: "the usual time" } },
  });
  expect(sent.status).toBe(201);
  const { id } = (await sent.json()) as { id: string };
  const texts = await db.message.findMany({
    where: { batchId: id },
    orderBy: { phone: "asc" },
    select: { text: true },
  });
  expect(texts.map((row) => row.text)).toEqual([
    "Hello Amina, see you tomorrow at 9:00. Reply STOP to opt out.",
    "Hello Baraka, see you tomorrow at the usual time. Reply STOP to opt out.",
    "Hello Chep, see you tomorrow at the usual time. Reply STOP to opt out.",
  ]);
});

test("every bad number is named by its path up to the cap, the rest counted", async () => {
  const recipients = Array.from({ length: MAX_LISTED_ERRORS + 50 }, (_, i) => (i === 3 ? "254712345678" : `12${i}`));
  recipients.push("0712345679");
  const answer = await call(createBatch, { key, body: { templateText: "Hi", recipients } });
  expect(answer.status).toBe(400);
  const body = await problem(answer);
  expect(body.errors).toHaveLength(MAX_LISTED_ERRORS);
  expect(body.errorsOmitted).toBe(49);
  expect(body.errors?.slice(0, 4).map((error) => [error.path, error.code])).toEqual([
    ["recipients[0]", "invalid_phone"],
    ["recipients[1]", "invalid_phone"],
    ["recipients[2]", "invalid_phone"],
    ["recipients[4]", "invalid_phone"],
  ]);
  const objects = await call(createBatch, {
    key,
    body: { templateText: "Hi", recipients: [{ phone: "254712345678" }, { phone: "07" }] },
  });
  expect((await problem(objects)).errors).toEqual([expect.objectContaining({ path: "recipients[1].phone" })]);
});

test("a missing id is 404 not_found on every route, pause and cancel and a batch's messages included", async () => {
  const id = MISSING;
  const onBatch = (handler: typeof pause, op: string, method: "GET" | "POST" = "POST", body?: unknown) =>
    call(handler, { key, method, path: `/batches/${id}${op}`, params: { id }, body });
  const answers = [
    await onBatch(readBatch, "", "GET"),
    await onBatch(pause, "/pause"),
    await onBatch(resume, "/resume"),
    await onBatch(cancel, "/cancel"),
    await onBatch(messages, "/messages", "GET"),
    await onBatch(resend, "/resend", "POST", { unknown: true }),
    await call(readMessage, { key, path: "/messages/999999999", params: { id: "999999999" } }),
    await call(readList, { key, path: `/lists/${id}`, params: { id } }),
    await call(deleteList, { key, method: "DELETE", path: `/lists/${id}`, params: { id } }),
    await call(deliveries, { key: adminKey, path: `/webhooks/${id}/deliveries`, params: { id } }),
  ];
  const seen = [];
  for (const answer of answers) seen.push([answer.status, (await problem(answer)).code]);
  expect(seen).toEqual(answers.map(() => [404, "not_found"]));
  // A malformed id is no resource either.
  const malformed = await call(pause, { key, method: "POST", path: "/batches/x/pause", params: { id: "x" } });
  expect([malformed.status, (await problem(malformed)).code]).toEqual([404, "not_found"]);
});

test("a state conflict has its own code; a missing scope is told apart from a role's refusal", async () => {
  const created = await call(createBatch, { key, body: { templateText: "Hi", recipients: ["254712345600"] } });
  const { id } = (await created.json()) as { id: string };
  const resumed = await call(resume, { key, method: "POST", path: `/batches/${id}/resume`, params: { id } });
  expect([resumed.status, (await problem(resumed)).code]).toEqual([409, "batch_state_conflict"]);
  const readOnly = await keyFor(await user("OPERATOR"), ["read"]);
  const noScope = await call(createBatch, {
    key: readOnly,
    body: { templateText: "Hi", recipients: ["254712345600"] },
  });
  expect([noScope.status, (await problem(noScope)).code]).toEqual([403, "missing_scope"]);
  const viewer = await keyFor(await user("VIEWER"), ["send"]);
  const role = await call(createBatch, { key: viewer, body: { templateText: "Hi", recipients: ["254712345600"] } });
  expect([role.status, (await problem(role)).code]).toEqual([403, "forbidden"]);
  const noKey = await call(createBatch, { body: { templateText: "Hi", recipients: ["254712345600"] } });
  expect([noKey.status, (await problem(noKey)).code]).toEqual([401, "unauthenticated"]);
});
