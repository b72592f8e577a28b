// Expired log-in failure counters are deleted, and only those: a counter still in its window, or one whose lock is
// still in force, stays — and deleting the expired ones changes no outcome.
import { expect, test } from "vitest";
import { db } from "@/lib/db/client";
import { forgetExpiredLoginFailures } from "./forget-login-failures";
import { CLIENT_POLICY, loginWaitMs, PAIR_POLICY, countLoginAttempt } from "./login-throttle";

test("only counters whose window is over and whose lock is not in force are forgotten", async () => {
  const now = new Date("2026-11-22T12:00:00Z");
  const window = Math.max(PAIR_POLICY.windowMs, CLIENT_POLICY.windowMs);
  const at = (msAgo: number) => new Date(now.getTime() - msAgo);
  await db.loginThrottle.createMany({
    data: [
      { key: "t:expired", failures: 3, windowStart: at(window + 1_000), lockedUntil: null },
      { key: "t:lock-over", failures: 5, windowStart: at(window + 1_000), lockedUntil: at(1_000) },
      { key: "t:in-window", failures: 2, windowStart: at(window - 60_000), lockedUntil: null },
      {
        key: "t:still-locked",
        failures: 5,
        windowStart: at(window + 1_000),
        lockedUntil: new Date(now.getTime() + 60_000),
      },
    ],
  });
  expect(await forgetExpiredLoginFailures(now)).toBe(2);
  const left = await db.loginThrottle.findMany({ where: { key: { startsWith: "t:" } }, orderBy: { key: "asc" } });
  expect(left.map((row) => row.key)).toEqual(["t:in-window", "t:still-locked"]);
  expect(await forgetExpiredLoginFailures(now)).toBe(0);

  // A pair locked after its window began ten minutes earlier: swept when its window is over but its lock is not, it
  // stays locked.
  const attempt = { email: "someone@test.local", clientAddress: "203.0.113.9" };
  await countLoginAttempt(attempt, at(10 * 60_000));
  for (let i = 1; i < PAIR_POLICY.maxFailures; i++) await countLoginAttempt(attempt, now);
  const later = new Date(now.getTime() + 6 * 60_000);
  await forgetExpiredLoginFailures(later);
  expect(await loginWaitMs(attempt, later)).toBe(PAIR_POLICY.lockMs - 6 * 60_000);
});

test("IPv6 clients are counted per /64: a new address from the same /64 for every guess is still one client", async () => {
  const now = new Date("2026-11-22T12:00:00Z");
  for (let i = 0; i < CLIENT_POLICY.maxFailures; i++) {
    await countLoginAttempt(
      { email: `victim-${i}@test.local`, clientAddress: `2001:db8:64:1:${i.toString(16)}::1` },
      now,
    );
  }
  const sameSubnet = { email: "another@test.local", clientAddress: "2001:db8:64:1:ffff:ffff:ffff:fffe" };
  expect(await loginWaitMs(sameSubnet, now)).toBe(CLIENT_POLICY.lockMs);
  expect(await loginWaitMs({ ...sameSubnet, clientAddress: "2001:db8:64:2::1" }, now)).toBe(0);
  // One address guessing one account from many addresses of its /64 locks the pair too.
  const pair = { email: "target@test.local", clientAddress: "2001:db8:65:1::1" };
  for (let i = 0; i < PAIR_POLICY.maxFailures; i++)
    await countLoginAttempt({ ...pair, clientAddress: `2001:db8:65:1::${i + 1}` }, now);
  expect(await loginWaitMs({ ...pair, clientAddress: "2001:db8:65:1:abcd::9" }, now)).toBe(PAIR_POLICY.lockMs);
});

test("an attempt timed just before a parallel one set the lock is told no more than the lock lasts", async () => {
  // Parallel log-ins each take their time as they start; the database may count a later-timed one first. One that
  // locks at `now` + 1 ms must not leave an attempt timed at `now` waiting 15 minutes and 1 ms: "16 minute(s)".
  const now = new Date("2026-11-22T13:00:00Z");
  const attempt = { email: "parallel@test.local", clientAddress: "203.0.113.10" };
  const later = new Date(now.getTime() + 1);
  for (let i = 0; i < PAIR_POLICY.maxFailures; i++) await countLoginAttempt(attempt, later);
  const refused = await countLoginAttempt(attempt, now);
  expect(refused).toEqual({ allowed: false, waitMs: PAIR_POLICY.lockMs });
});
