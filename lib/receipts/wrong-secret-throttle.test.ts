// Wrong receipt secrets are throttled per client address (issue 42, item 12), over real HTTP into a real PostgreSQL:
// past the burst, one address's guesses are answered 429 with Retry-After without being looked up (the cache of wrong
// secrets, which every lookup fills, stops growing); the right secret from that same address is still stored; another
// address is unaffected; the bucket refills with time (the test's clock, not a wait).
import { randomBytes } from "node:crypto";
import { expect, test } from "vitest";
import { db } from "@/lib/db/client";
import { account } from "@/test/report-data";
import { cachedSecrets } from "./account-by-secret";
import { answerReceiptCallback, receiptCallbackSecret } from "./receipt-callback";
import { checkReceiptSecret, forgetSecretThrottle, REFILL_PER_SECOND, WRONG_BURST } from "./wrong-secret-throttle";
import { serverForFile } from "@/test/loopback-server";

forgetSecretThrottle();
const secret = randomBytes(16).toString("hex");
await account({ receiptSecret: secret });
// The web server judges the client's address (lib/client-address/client-address.ts); here a header stands for it.
const { url: base } = await serverForFile((req, res) => {
  const found = receiptCallbackSecret(new URL(req.url ?? "/", "http://host").pathname);
  if (found === null) return void res.writeHead(418).end();
  void answerReceiptCallback(req, res, found, String(req.headers["x-test-client"]));
});

const receipt = {
  phone: "254712000001",
  correlator: "1",
  uniqueId: "throttle-1",
  deliveryStatus: "DeliveredToTerminal",
  deliveryTime: "2026-11-22 10:00:00",
};

const post = (to: string, client: string) =>
  fetch(`${base}/api/receipts/${to}`, {
    method: "POST",
    headers: { "x-test-client": client },
    body: JSON.stringify(receipt),
  });

test("past the burst, one address's wrong secrets get 429 without a lookup; its right secret and other addresses are served", async () => {
  // The provider's address posts the right secret first (it is then known as right).
  expect((await post(secret, "198.51.100.7")).status).toBe(200);

  // A wrong secret is a 404, as ever.
  expect((await post(randomBytes(16).toString("hex"), "203.0.113.50")).status).toBe(404);
  // The whole burst, spent an hour ahead on the bucket's clock (a clock never runs it backwards): the bucket
  // stays empty for the requests below however slowly the machine serves them.
  const ahead = Date.now() + 3_600_000;
  for (let i = 0; i < WRONG_BURST; i++)
    expect(await checkReceiptSecret(randomBytes(16).toString("hex"), "203.0.113.50", ahead)).toEqual({ wrong: true });

  const lookedUp = cachedSecrets().wrong;
  const throttled = await post(randomBytes(16).toString("hex"), "203.0.113.50");
  expect(throttled.status).toBe(429);
  expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  expect((await throttled.json()).message).toMatch(/^Too many requests to addresses that do not exist/);
  // Answered without looking the guess up: no new entry among the wrong secrets.
  expect(cachedSecrets().wrong).toBe(lookedUp);

  // The right secret from the same (throttled) address is stored as ever.
  const before = await db.receipt.count();
  expect((await post(secret, "203.0.113.50")).status).toBe(200);
  expect(await db.receipt.count()).toBe(before + 1);
  // Another address has its own bucket (an IPv6 one counts by its /64).
  expect((await post(randomBytes(16).toString("hex"), "2001:db8:1:2::1")).status).toBe(404);
});

test("the bucket refills: one more lookup per second, and an IPv6 /64 is one bucket", async () => {
  const now = Date.now() + 7_200_000;
  const guess = () => randomBytes(16).toString("hex");
  for (let i = 0; i < WRONG_BURST; i++)
    expect(await checkReceiptSecret(guess(), `2001:db8:9:9::${i + 1}`, now)).toEqual({ wrong: true });
  // Another address of the same /64: the same, empty bucket.
  expect(await checkReceiptSecret(guess(), "2001:db8:9:9::ffff", now)).toEqual({ throttled: 1 });
  const later = now + 1000 / REFILL_PER_SECOND;
  expect(await checkReceiptSecret(guess(), "2001:db8:9:9::ffff", later)).toEqual({ wrong: true });
  expect(await checkReceiptSecret(guess(), "2001:db8:9:9::ffff", later)).toEqual({ throttled: 1 });
});

test("a burst of valid receipts to a right secret not yet known, from one address, is served in full: one lookup, no 429", async () => {
  // A fresh start: no secret is known as right and the provider's address has a full bucket.
  forgetSecretThrottle();
  const burst = WRONG_BURST * 5;
  const before = await db.receipt.count();
  const answers = await Promise.all(
    Array.from({ length: burst }, () => post(secret, "198.51.100.8").then((response) => response.status)),
  );
  expect(answers.filter((status) => status !== 200)).toEqual([]);
  expect(await db.receipt.count()).toBe(before + burst);
  // The same burst checked all at once (every check begun before any lookup ends): each is the account.
  forgetSecretThrottle();
  const checked = await Promise.all(Array.from({ length: burst }, () => checkReceiptSecret(secret, "198.51.100.9")));
  expect(checked.filter((check) => !("accountId" in check))).toEqual([]);

  // Concurrent guesses of one wrong secret share one lookup and spend one token, not one each.
  forgetSecretThrottle();
  const now = Date.now() + 10_800_000;
  const guess = randomBytes(16).toString("hex");
  const checks = await Promise.all(
    Array.from({ length: WRONG_BURST * 2 }, () => checkReceiptSecret(guess, "203.0.113.60", now)),
  );
  expect(checks.every((check) => "wrong" in check)).toBe(true);
  for (let i = 0; i < WRONG_BURST - 1; i++)
    expect(await checkReceiptSecret(randomBytes(16).toString("hex"), "203.0.113.60", now)).toEqual({ wrong: true });
  expect(await checkReceiptSecret(randomBytes(16).toString("hex"), "203.0.113.60", now)).toEqual({ throttled: 1 });
});
