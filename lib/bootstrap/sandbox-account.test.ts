// The sandbox account kept in step at every start: created once, left alone when nothing differs, and a start that
// puts the sandbox's address or token back over what is stored says so in the audit log.
import { expect, test } from "vitest";
import { openAccountToken } from "@/lib/accounts/account-token";
import { db } from "@/lib/db/client";
import { ensureSandboxAccount, SANDBOX_ACCOUNT_NAME } from "./sandbox-account";

const events = () =>
  db.auditEvent.findMany({
    where: { targetType: "ProviderAccount" },
    orderBy: { id: "asc" },
    select: { action: true, actorId: true, detail: true },
  });

test("created and audited once; a reset over an administrator's edit is audited with what it replaced", async () => {
  const sandbox = { baseUrl: "http://127.0.0.1:4010/api/v1", token: "sbx_first_token_1234" };
  const { id } = await ensureSandboxAccount(sandbox);
  expect(await ensureSandboxAccount(sandbox)).toMatchObject({ id });
  expect(await events()).toEqual([
    {
      action: "account.create",
      actorId: null,
      detail: { reason: "start-up", name: SANDBOX_ACCOUNT_NAME, baseUrl: sandbox.baseUrl, tokenChanged: true },
    },
  ]);

  // An administrator points it elsewhere; the next start puts the sandbox back, and says so.
  await db.providerAccount.update({ where: { id }, data: { baseUrl: "https://api.example.com/api/v1" } });
  await ensureSandboxAccount(sandbox);
  // A new sandbox token (secrets.json regenerated): reset again, token named as changed.
  await ensureSandboxAccount({ ...sandbox, token: "sbx_second_token_5678" });
  expect((await events()).slice(1)).toEqual([
    {
      action: "account.sandbox_reset",
      actorId: null,
      detail: {
        reason: "start-up",
        name: SANDBOX_ACCOUNT_NAME,
        baseUrl: sandbox.baseUrl,
        previousBaseUrl: "https://api.example.com/api/v1",
        tokenChanged: false,
      },
    },
    {
      action: "account.sandbox_reset",
      actorId: null,
      detail: { reason: "start-up", name: SANDBOX_ACCOUNT_NAME, baseUrl: sandbox.baseUrl, tokenChanged: true },
    },
  ]);
  const row = await db.providerAccount.findUniqueOrThrow({ where: { id }, omit: { tokenCiphertext: false } });
  expect(await openAccountToken(id, row.tokenCiphertext)).toBe("sbx_second_token_5678");
});
