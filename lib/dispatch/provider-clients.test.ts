// The cached client per account: kept while the account's version is the same, built again when it changes, and
// after a 401 (forgetClient) even for a lane still holding the account as it was before the pause.
import { randomUUID } from "node:crypto";
import { afterAll, expect, test } from "vitest";
import { sealAccountToken } from "@/lib/accounts/account-token";
import { db } from "@/lib/db/client";
import { clientFor, closeClients, forgetClient } from "./provider-clients";

afterAll(() => closeClients());

test("a forgotten client is built again from the stored token, whatever version the caller holds", async () => {
  const id = randomUUID();
  const row = await db.providerAccount.create({
    data: {
      id,
      name: "Clients",
      baseUrl: "http://127.0.0.1:9",
      tokenCiphertext: sealAccountToken("old-token-1234", id),
      tokenLast4: "1234",
      defaultSender: "TUMA",
      defaultOriginator: "254700000000",
      receiptSecret: "clients-test",
    },
  });
  const snapshot = { ...row, updatedAt: row.updatedAt };
  const first = clientFor(snapshot, 1_000);
  expect(clientFor(snapshot, 1_000)).toBe(first);
  forgetClient(row.id);
  // The same (stale) snapshot after a 401: a new client, not the cached one.
  const second = clientFor(snapshot, 1_000);
  expect(second).not.toBe(first);
  expect(clientFor(snapshot, 1_000)).toBe(second);
  // A changed account (its version) gets a new client too.
  const third = clientFor({ ...snapshot, updatedAt: new Date(row.updatedAt.getTime() + 1) }, 1_000);
  expect(third).not.toBe(second);
  await Promise.all([first, second, third]);
});
