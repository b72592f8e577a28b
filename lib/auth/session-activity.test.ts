// The idle timeout against a real database, with the clock passed in: a session is over once it has been quiet past
// the limit, and each request inside it pushes the limit on; a log-in makes the session's row (next-auth's jwt
// callback); a token without an id, or whose row is gone, is over.
import { randomBytes, randomUUID } from "node:crypto";
import { expect, test } from "vitest";
import { db } from "@/lib/db/client";
import { authOptions, sessionMaxAgeSeconds } from "./options";
import { sessionIsIdle, startSessionActivity } from "./session-activity";

const seedUser = () =>
  db.user.create({
    data: { email: `idle-${randomBytes(4).toString("hex")}@test.local`, name: "Idle", passwordHash: "x" },
    select: { id: true },
  });

const MINUTE = 60_000;
const IDLE = 30 * MINUTE;

test("quiet past the limit ends the session; each request inside it pushes the limit on", async () => {
  const user = await seedUser();
  const sid = randomUUID();
  const t0 = new Date("2026-11-27T10:00:00Z");
  const at = (ms: number) => new Date(t0.getTime() + ms);
  await startSessionActivity(sid, user.id, sessionMaxAgeSeconds() * 1000, t0);
  expect(await sessionIsIdle(sid, IDLE, at(29 * MINUTE))).toBe(false);
  // That request counted: 29 more minutes from it are still inside the limit, 58 from the log-in.
  expect(await sessionIsIdle(sid, IDLE, at(58 * MINUTE))).toBe(false);
  expect(await sessionIsIdle(sid, IDLE, at(88 * MINUTE + 1))).toBe(true);
  // Over is over: the row is gone, so even a clock set back does not revive it.
  expect(await sessionIsIdle(sid, IDLE, at(60 * MINUTE))).toBe(true);
  expect(await db.sessionActivity.count({ where: { sid } })).toBe(0);
});

test("a request within a minute of the last write does not write again", async () => {
  const user = await seedUser();
  const sid = randomUUID();
  const t0 = new Date("2026-11-27T10:00:00Z");
  await startSessionActivity(sid, user.id, sessionMaxAgeSeconds() * 1000, t0);
  expect(await sessionIsIdle(sid, IDLE, new Date(t0.getTime() + 30_000))).toBe(false);
  expect((await db.sessionActivity.findUniqueOrThrow({ where: { sid } })).lastSeenAt).toEqual(t0);
});

test("a log-in makes the session's row; a token without an id or without a row is over", async () => {
  const user = await seedUser();
  const token = await authOptions.callbacks!.jwt!({
    token: {},
    user: { id: user.id, sessionVersion: 0 },
    account: null,
  });
  expect(token.sid).toMatch(/^[0-9a-f-]{36}$/);
  expect(await db.sessionActivity.count({ where: { sid: token.sid!, userId: user.id } })).toBe(1);
  expect(await sessionIsIdle(token.sid, IDLE)).toBe(false);
  expect(await sessionIsIdle(undefined, IDLE)).toBe(true);
  expect(await sessionIsIdle(randomUUID(), IDLE)).toBe(true);
});

test("a log-in clears the user's rows of sessions older than the longest a session lives", async () => {
  const user = await seedUser();
  const maxAge = sessionMaxAgeSeconds() * 1000;
  const now = new Date("2026-11-27T10:00:00Z");
  await startSessionActivity("old", user.id, maxAge, new Date(now.getTime() - maxAge - 1));
  await startSessionActivity("recent", user.id, maxAge, new Date(now.getTime() - MINUTE));
  await startSessionActivity("new", user.id, maxAge, now);
  const left = await db.sessionActivity.findMany({ where: { userId: user.id }, orderBy: { sid: "asc" } });
  expect(left.map((row) => row.sid)).toEqual(["new", "recent"]);
});
