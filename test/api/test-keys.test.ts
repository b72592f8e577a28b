// Test keys (tuma_test_…) through the real /api/v1 handlers against a real database: a test key's batch goes to the
// sandbox account whatever the default account is; naming a real account, or reaching a real account's batch or
// message, is refused with 403, a sentence and the code test_key_live_account, and nothing is created or changed.
import { beforeAll, expect, test } from "vitest";
import { GET as getBatch } from "@/app/api/v1/batches/[id]/route";
import { POST as pauseBatch } from "@/app/api/v1/batches/[id]/pause/route";
import { POST as createBatch } from "@/app/api/v1/batches/route";
import { GET as getMessage } from "@/app/api/v1/messages/[id]/route";
import { POST as sendMessage } from "@/app/api/v1/messages/route";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { db } from "@/lib/db/client";
import { account as newAccount } from "@/test/report-data";
import { call, keyFor, user } from "./api-client";

const body = { templateText: "Hello", recipients: ["254712345678"] };
let operator = "";
let sandboxId = "";
let realId = "";
let testKey = "";
let liveKey = "";

const account = (name: string, isDefault: boolean, isSandbox: boolean) =>
  newAccount({
    name,
    baseUrl: "http://127.0.0.1:9/api/v1",
    defaultSender: "SANDBOX",
    senders: ["SANDBOX"],
    isDefault,
    isSandbox,
  });

beforeAll(async () => {
  sandboxId = await account("Sandbox", false, true);
  realId = await account("Safaricom live", true, false);
  operator = await user("OPERATOR");
  testKey = (await createApiKey(operator, { name: "dev", scopes: ["send", "read"], mode: "test" }, operator)).key;
  liveKey = await keyFor(operator, ["send", "read"], "prod");
});

async function refusedAsLive(response: Response): Promise<void> {
  expect(response.status).toBe(403);
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  const problem = (await response.json()) as { code?: string; detail: string };
  expect(problem.code).toBe("test_key_live_account");
  expect(problem.detail).toMatch(/test key .* only the sandbox account/);
}

test("a test key looks like one, and its batches go to the sandbox account, never the default", async () => {
  expect(testKey).toMatch(/^tuma_test_[A-Za-z0-9_-]{43}$/);
  const created = await call(createBatch, { key: testKey, body });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await db.batch.findUniqueOrThrow({ where: { id } })).accountId).toBe(sandboxId);
  expect((await call(getBatch, { key: testKey, path: `/batches/${id}`, params: { id } })).status).toBe(200);
  // A live key's default is still the default account.
  const live = (await (await call(createBatch, { key: liveKey, body })).json()) as { id: string };
  expect((await db.batch.findUniqueOrThrow({ where: { id: live.id } })).accountId).toBe(realId);
});

test("a test key naming a real account, or reaching its batch or message, is refused and changes nothing", async () => {
  const before = await db.batch.count();
  await refusedAsLive(await call(createBatch, { key: testKey, body: { ...body, accountId: realId } }));
  await refusedAsLive(
    await call(sendMessage, { key: testKey, body: { to: "254712345678", templateText: "Hi", accountId: realId } }),
  );
  expect(await db.batch.count()).toBe(before);

  const live = (await (await call(createBatch, { key: liveKey, body })).json()) as { id: string };
  const params = { id: live.id };
  await refusedAsLive(await call(getBatch, { key: testKey, path: `/batches/${live.id}`, params }));
  await refusedAsLive(
    await call(pauseBatch, { key: testKey, method: "POST", path: `/batches/${live.id}/pause`, params }),
  );
  expect((await db.batch.findUniqueOrThrow({ where: params })).state).not.toBe("PAUSED");
  const message = await db.message.findFirstOrThrow({ where: { batchId: live.id } });
  await refusedAsLive(
    await call(getMessage, { key: testKey, path: `/messages/${message.id}`, params: { id: message.id.toString() } }),
  );
  // The live key reaches it.
  expect((await call(getBatch, { key: liveKey, path: `/batches/${live.id}`, params })).status).toBe(200);
});
