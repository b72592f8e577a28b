// The session settings next-auth actually runs with: a token that lives as long as the session, and log-out ending
// the user's sessions (a saved copy of the cookie is refused afterwards; the e2e test replays one).
import { randomBytes } from "node:crypto";
import { decode, encode } from "next-auth/jwt";
import { expect, test } from "vitest";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { PASSWORD_MAX } from "./password-rules";
import { WRONG_CREDENTIALS } from "./authenticate";
import { authOptions } from "./options";
import { hashPassword } from "./password";

test("the session token expires with the session (SESSION_MAX_AGE_HOURS), not after next-auth's 30-day default", async () => {
  const hours = env().SESSION_MAX_AGE_HOURS;
  expect(authOptions.session?.maxAge).toBe(hours * 3600);
  expect(authOptions.jwt?.maxAge).toBe(hours * 3600);
  const secret = env().NEXTAUTH_SECRET!;
  const token = await encode({ token: { sub: "someone" }, secret, maxAge: authOptions.jwt?.maxAge });
  const claims = await decode({ token, secret });
  expect(Number(claims?.exp) - Number(claims?.iat)).toBe(hours * 3600);
});

test("logging out bumps the user's session version, so every token issued before is refused", async () => {
  const user = await db.user.create({
    data: { email: `out-${randomBytes(4).toString("hex")}@test.local`, name: "Out", passwordHash: "x" },
    select: { id: true, sessionVersion: true },
  });
  await authOptions.events?.signOut?.({
    token: { sub: user.id, sessionVersion: user.sessionVersion },
    session: { user: { id: user.id }, expires: "", sessionVersion: 0, authenticatedAt: 0 },
  });
  const after = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { sessionVersion: true } });
  expect(after.sessionVersion).toBe(user.sessionVersion + 1);
});

test("logging out is audited in the same transaction as the sessions' end", async () => {
  const user = await db.user.create({
    data: { email: `bye-${randomBytes(4).toString("hex")}@test.local`, name: "Bye", passwordHash: "x" },
    select: { id: true },
  });
  await authOptions.events?.signOut?.({
    token: { sub: user.id },
    session: { user: { id: user.id }, expires: "", sessionVersion: 0, authenticatedAt: 0 },
  });
  expect(
    await db.auditEvent.findMany({ where: { targetId: user.id }, select: { action: true, actorId: true } }),
  ).toEqual([{ action: "auth.logout", actorId: user.id }]);
});

test("a password longer than 256 characters is refused before any check, even the right one", async () => {
  const password = "p".repeat(PASSWORD_MAX + 1);
  const email = `long-${randomBytes(4).toString("hex")}@test.local`;
  await db.user.create({ data: { email, name: "Long", passwordHash: await hashPassword(password) } });
  const provider = authOptions.providers[0] as unknown as {
    options: {
      authorize: (raw: Record<string, string>, request: { headers: Record<string, string> }) => Promise<unknown>;
    };
  };
  await expect(provider.options.authorize({ email, password }, { headers: {} })).rejects.toThrow(WRONG_CREDENTIALS);
  // Never reached authenticate: no failure was counted or audited.
  expect(
    await db.auditEvent.count({
      where: { action: { startsWith: "auth." }, detail: { path: ["email"], equals: email } },
    }),
  ).toBe(0);
  const atTheCap = "q".repeat(PASSWORD_MAX);
  await db.user.update({ where: { email }, data: { passwordHash: await hashPassword(atTheCap) } });
  await expect(provider.options.authorize({ email, password: atTheCap }, { headers: {} })).resolves.toMatchObject({
    email,
  });
});
