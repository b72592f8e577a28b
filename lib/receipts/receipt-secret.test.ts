// The receipt secret: rotated with an overlap (the previous one accepted until a time, never after it, however it
// is cached), audited without the secrets, and a spray of wrong secrets cannot push the right one out of the cache.
import { randomBytes } from "node:crypto";
import { beforeEach, expect, test, vi } from "vitest";
import { db } from "@/lib/db/client";
import { account } from "@/test/report-data";
import { pool } from "@/lib/db/pool";
import { accountIdBySecret, cachedSecrets, forgetReceiptSecrets, WRONG_SECRETS_KEPT } from "./account-by-secret";
import { rotateReceiptSecret, rotateReceiptSecretSchema } from "./rotate-receipt-secret";

let accountId = "";
let adminId = "";
beforeEach(async () => {
  forgetReceiptSecrets();
  const suffix = randomBytes(4).toString("hex");
  accountId = await account({ receiptSecret: `first-${suffix}` });
  adminId = (
    await db.user.create({ data: { email: `a-${suffix}@test.local`, name: "A", role: "ADMIN", passwordHash: "x" } })
  ).id;
});

const secrets = () =>
  db.providerAccount.findUniqueOrThrow({
    where: { id: accountId },
    select: { receiptSecret: true, previousReceiptSecret: true, previousReceiptSecretUntil: true },
  });

test("after a rotation both secrets work during the overlap; the audit event names the overlap, not the secrets", async () => {
  const before = await secrets();
  expect(await accountIdBySecret(before.receiptSecret)).toBe(accountId); // cached as the current one
  const { previousAcceptedUntil } = await rotateReceiptSecret({ accountId, overlapHours: 48 }, adminId);
  const after = await secrets();
  expect(after.receiptSecret).not.toBe(before.receiptSecret);
  expect(after.receiptSecret).toMatch(/^[\w-]{32}$/);
  expect(after.previousReceiptSecret).toBe(before.receiptSecret);
  expect(previousAcceptedUntil.getTime() - Date.now()).toBeGreaterThan(47 * 3_600_000);
  expect(await accountIdBySecret(after.receiptSecret)).toBe(accountId);
  expect(await accountIdBySecret(before.receiptSecret)).toBe(accountId);

  const event = await db.auditEvent.findFirstOrThrow({
    where: { targetId: accountId, action: "account.receipt_secret_rotate" },
  });
  expect(event.actorId).toBe(adminId);
  expect(event.detail).toEqual({ overlapHours: 48, previousAcceptedUntil: previousAcceptedUntil.toISOString() });
  expect(JSON.stringify(event.detail)).not.toContain(before.receiptSecret);
});

test("an overlap of 0 ends the old secret at once; a second rotation ends the first one's overlap", async () => {
  const first = (await secrets()).receiptSecret;
  await rotateReceiptSecret({ accountId, overlapHours: 0 }, adminId);
  expect(await accountIdBySecret(first)).toBeNull();
  const second = (await secrets()).receiptSecret;
  await rotateReceiptSecret({ accountId, overlapHours: 24 }, adminId);
  await rotateReceiptSecret({ accountId, overlapHours: 24 }, adminId);
  expect(await accountIdBySecret(second)).toBeNull();
});

test("an overlap of 0 ends the old secret at once in another copy of the cache's module, as the web process has two", async () => {
  const first = (await secrets()).receiptSecret;
  // The web server's own bundle answers callbacks and caches the secret; the rotation runs in Next's bundle.
  expect(await accountIdBySecret(first)).toBe(accountId);
  vi.resetModules();
  const otherCopy = await import("./rotate-receipt-secret");
  expect(otherCopy.rotateReceiptSecret).not.toBe(rotateReceiptSecret);
  await otherCopy.rotateReceiptSecret({ accountId, overlapHours: 0 }, adminId);
  expect(await accountIdBySecret(first)).toBeNull();
});

test("a cached previous secret is not accepted past the end of its overlap", async () => {
  const old = (await secrets()).receiptSecret;
  await rotateReceiptSecret({ accountId, overlapHours: 1 }, adminId);
  // The overlap ends in 5 s; looked up now, it is cached — but only until then, not for the usual 30 s.
  await pool().query(
    `UPDATE "ProviderAccount" SET "previousReceiptSecretUntil" = now() + interval '5 seconds' WHERE id = $1`,
    [accountId],
  );
  const now = Date.now();
  expect(await accountIdBySecret(old, now)).toBe(accountId);
  expect(await accountIdBySecret(old, now + 4_000)).toBe(accountId); // from the cache
  await pool().query(
    `UPDATE "ProviderAccount" SET "previousReceiptSecretUntil" = now() - interval '1 second' WHERE id = $1`,
    [accountId],
  );
  expect(await accountIdBySecret(old, now + 6_000)).toBeNull(); // the cache entry ended with the overlap
});

test("a spray of wrong secrets never evicts the real one, and the wrong ones kept stay bounded", async () => {
  const real = (await secrets()).receiptSecret;
  // Every look-up at one instant: the spray takes longer than a cache entry lives on a loaded machine, and what is
  // tested is eviction by the wrong ones, not expiry.
  const now = Date.now();
  expect(await accountIdBySecret(real, now)).toBe(accountId);
  // From here on only the cache knows `real`: were it evicted, looking it up again would find nothing.
  await pool().query(`UPDATE "ProviderAccount" SET "receiptSecret" = $2 WHERE id = $1`, [accountId, "moved-away"]);
  const spray = 10_001; // past the 10,000 entries at which the single cache used to be cleared whole
  for (let i = 0; i < spray; i += 50)
    await Promise.all(
      Array.from({ length: 50 }, (_, j) => accountIdBySecret(`wrong-${i + j}-${randomBytes(4).toString("hex")}`, now)),
    );
  expect(cachedSecrets().wrong).toBe(WRONG_SECRETS_KEPT);
  expect(await accountIdBySecret(real, now)).toBe(accountId);
});

test("the overlap is whole hours from 0 to a week; anything else is refused with a sentence", () => {
  const hours = (overlapHours: unknown) => rotateReceiptSecretSchema.safeParse({ accountId, overlapHours });
  expect([hours("0").success, hours("168").success]).toEqual([true, true]);
  expect([hours("169"), hours("-1"), hours("1.5"), hours("soon")].map((r) => r.error?.issues[0]?.message)).toEqual([
    "At most 168 hours (a week).",
    "0 hours or more.",
    "Whole hours.",
    "A number of hours.",
  ]);
});
