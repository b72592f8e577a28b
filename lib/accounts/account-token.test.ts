// Provider tokens at rest: sealed to their account (a ciphertext moved to another account does not open there),
// and a token sealed before that (v1) still works and is sealed again as v2 when the worker first reads it.
import { createCipheriv, randomBytes, randomUUID } from "node:crypto";
import { afterAll, expect, test } from "vitest";
import { db } from "@/lib/db/client";
import { clientFor, closeClients } from "@/lib/dispatch/provider-clients";
import { openAccountToken, resealLegacyTokens, sealAccountToken } from "./account-token";

afterAll(() => closeClients());

/** A ciphertext as the code before v2 wrote it (iv.tag.data, no associated data), with the test run's key. */
function sealV1(plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", Buffer.from(process.env.TUMA_ENCRYPTION_KEY!, "base64"), iv);
  const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((part) => part.toString("base64url")).join(".");
}

async function account(tokenCiphertext: (id: string) => string) {
  const id = randomUUID();
  return db.providerAccount.create({
    data: {
      id,
      name: `acct ${id.slice(0, 8)}`,
      baseUrl: "http://127.0.0.1:9/api/v1",
      tokenCiphertext: tokenCiphertext(id),
      tokenLast4: "1234",
      defaultSender: "TUMA",
      defaultOriginator: "254700000000",
      receiptSecret: randomBytes(12).toString("hex"),
    },
  });
}

const storedCiphertext = async (id: string) =>
  (await db.providerAccount.findUniqueOrThrow({ where: { id }, select: { tokenCiphertext: true } })).tokenCiphertext;

test("a v1 token still reaches the provider client, and the worker's first read re-seals it as v2 for its account", async () => {
  const old = sealV1("tok-from-before-1234");
  const row = await account(() => old);
  const { updatedAt } = row;
  await clientFor(row, 1_000);
  const resealed = await storedCiphertext(row.id);
  expect(resealed).toMatch(/^v2\./);
  expect(await openAccountToken(row.id, resealed)).toBe("tok-from-before-1234");
  // The token did not change: the account's version (its provider client's key) stays.
  expect((await db.providerAccount.findUniqueOrThrow({ where: { id: row.id } })).updatedAt).toEqual(updatedAt);
});

test("a token saved meanwhile is not overwritten by the re-seal of the old one", async () => {
  const old = sealV1("tok-old-0000");
  const row = await account(() => old);
  const newer = sealAccountToken("tok-new-9999", row.id);
  await db.providerAccount.update({ where: { id: row.id }, data: { tokenCiphertext: newer } });
  expect(await openAccountToken(row.id, old)).toBe("tok-old-0000"); // read before the save
  expect(await storedCiphertext(row.id)).toBe(newer);
});

test("a ciphertext copied onto another account does not open there", async () => {
  const victim = await account((id) => sealAccountToken("tok-victim-5678", id));
  const other = await account((id) => sealAccountToken("tok-other-0000", id));
  const moved = await storedCiphertext(victim.id);
  await db.providerAccount.update({ where: { id: other.id }, data: { tokenCiphertext: moved } });
  await expect(openAccountToken(other.id, moved)).rejects.toThrow(/unable to authenticate/i);
  await expect(clientFor({ ...other, updatedAt: new Date() }, 1_000)).rejects.toThrow(/unable to authenticate/i);
});

test("at a worker's start every v1 token is re-sealed as v2 for its account, without being read for a send", async () => {
  const a = await account(() => sealV1("tok-a-1111"));
  const b = await account(() => sealV1("tok-b-2222"));
  const current = await account((id) => sealAccountToken("tok-c-3333", id));
  const before = await storedCiphertext(current.id);
  expect(await resealLegacyTokens()).toBeGreaterThanOrEqual(2);
  for (const [row, token] of [
    [a, "tok-a-1111"],
    [b, "tok-b-2222"],
  ] as const) {
    const sealed = await storedCiphertext(row.id);
    expect(sealed).toMatch(/^v2\./);
    expect(await openAccountToken(row.id, sealed)).toBe(token);
  }
  expect(await storedCiphertext(current.id)).toBe(before);
  expect(await resealLegacyTokens()).toBe(0);
});
