// Log-in checks against a real database: throttling by (email, client) and by client, and one argon2 verification
// on every path, counted through authenticate's password-check parameter.
import { randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { db } from "@/lib/db/client";
import { authenticate, LoginRefused, WRONG_CREDENTIALS, type PasswordCheck } from "./authenticate";
import { CLIENT_POLICY, clientKey, PAIR_POLICY } from "./login-throttle";
import { hashPassword, verifyPassword } from "./password";

async function seedUser(options: { disabled?: boolean } = {}) {
  const email = `user-${randomBytes(4).toString("hex")}@test.local`;
  const password = `pw-${randomBytes(8).toString("hex")}`;
  const user = await db.user.create({
    data: {
      email,
      name: "Admin",
      role: "ADMIN",
      passwordHash: await hashPassword(password),
      disabledAt: options.disabled ? new Date() : null,
    },
    select: { id: true },
  });
  return { id: user.id, email, password };
}

let clients = 0;
/** A fresh client address for each call. */
const client = () => `198.51.100.${++clients}`;
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "accepted",
    (error: unknown) => (error instanceof LoginRefused ? error.message : `unexpected: ${String(error)}`),
  );
/** A log-in's outcome: "accepted", or the sentence it was refused with. */
const logIn = (email: string, password: string, clientAddress: string, check?: PasswordCheck, now?: Date) =>
  refusal(authenticate({ email, password, clientAddress }, check, now));

/** A password check that records the hashes it was asked to verify against. */
function countingCheck(): { check: PasswordCheck; hashes: string[] } {
  const hashes: string[] = [];
  return { hashes, check: (hash, password) => (hashes.push(hash), verifyPassword(hash, password)) };
}

describe("throttling", () => {
  test("an attacker locking the admin's email from one client does not lock the admin out from another", async () => {
    const admin = await seedUser();
    const attacker = client();
    for (let i = 0; i < PAIR_POLICY.maxFailures; i++) {
      expect(await logIn(admin.email, `wrong-${i}`, attacker)).toBe(WRONG_CREDENTIALS);
    }
    // The attacker's client is locked for this email, even with the right password, and is told for how long.
    expect(await logIn(admin.email, admin.password, attacker)).toBe(
      "Too many failed attempts. Try again in 15 minute(s).",
    );
    // The admin, from their own address, gets in.
    const user = await authenticate({ email: admin.email, password: admin.password, clientAddress: "203.0.113.10" });
    expect(user.id).toBe(admin.id);
  });

  test("a client failing across many emails is locked for every email, including one it never tried", async () => {
    const stuffer = "192.0.2.66";
    for (let i = 0; i < CLIENT_POLICY.maxFailures; i++) {
      await logIn(`victim-${i}@test.local`, "123456", stuffer);
    }
    const victim = await seedUser();
    expect(await logIn(victim.email, victim.password, stuffer)).toMatch(
      /^Too many failed attempts\. Try again in 15 minute/,
    );
    expect((await authenticate({ email: victim.email, password: victim.password, clientAddress: client() })).id).toBe(
      victim.id,
    );
  });

  test("the lock ends after its time", async () => {
    const user = await seedUser();
    const from = client();
    const start = new Date();
    for (let i = 0; i < PAIR_POLICY.maxFailures; i++) await logIn(user.email, "x", from, verifyPassword, start);
    const later = new Date(start.getTime() + PAIR_POLICY.lockMs + 1000);
    expect(
      (await authenticate({ email: user.email, password: user.password, clientAddress: from }, verifyPassword, later))
        .id,
    ).toBe(user.id);
  });

  test("parallel failures all count (one statement per failure, no lost updates)", async () => {
    const from = "192.0.2.200";
    await Promise.all(Array.from({ length: 12 }, (_, i) => logIn(`p${i}@test.local`, "x", from)));
    const row = await db.loginThrottle.findUnique({ where: { key: clientKey({ email: "", clientAddress: from }) } });
    expect(row?.failures).toBe(12);
  });
});

describe("a burst of parallel guesses", () => {
  test("100 wrong passwords at once for one account from one client: at most the limit reach argon2, the rest are refused with the throttle's sentence", async () => {
    const user = await seedUser();
    const from = client();
    const { check, hashes } = countingCheck();
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, (_, i) => logIn(user.email, `wrong-${i}`, from, check)),
    );
    expect(hashes.length).toBeLessThanOrEqual(PAIR_POLICY.maxFailures);
    expect(outcomes.filter((o) => o === WRONG_CREDENTIALS)).toHaveLength(hashes.length);
    expect(outcomes.filter((o) => o === "Too many failed attempts. Try again in 15 minute(s).")).toHaveLength(
      100 - hashes.length,
    );
    // Each check that ran wrote its failure; no more.
    const failures = await db.auditEvent.count({
      where: { action: "auth.login_failure", detail: { path: ["email"], equals: user.email } },
    });
    expect(failures).toBe(hashes.length);
  });

  test("the right password among a burst under the limit still logs in, and gives its attempt back", async () => {
    const user = await seedUser();
    const from = client();
    const tries = [...Array.from({ length: PAIR_POLICY.maxFailures - 1 }, (_, i) => `wrong-${i}`), user.password];
    const outcomes = await Promise.all(tries.map((password) => logIn(user.email, password, from)));
    expect(outcomes.filter((o) => o === "accepted")).toHaveLength(1);
    expect(outcomes.filter((o) => o === WRONG_CREDENTIALS)).toHaveLength(PAIR_POLICY.maxFailures - 1);
    const row = await db.loginThrottle.findUnique({ where: { key: clientKey({ email: "", clientAddress: from }) } });
    expect(row?.failures).toBe(PAIR_POLICY.maxFailures - 1);
    expect((await authenticate({ email: user.email, password: user.password, clientAddress: from })).id).toBe(user.id);
  });
});

describe("one password verification on every path", () => {
  test("unknown email, wrong password, disabled account and success each verify exactly once, against argon2id hashes of the same cost", async () => {
    const user = await seedUser();
    const disabled = await seedUser({ disabled: true });
    const realHash = (await db.user.findUniqueOrThrow({ where: { id: user.id }, omit: { passwordHash: false } }))
      .passwordHash;
    const params = (hash: string) => hash.split("$").slice(1, 4).join("$"); // algorithm, version, cost

    const cases: [string, Parameters<typeof authenticate>[0]][] = [
      [
        "unknown email",
        { email: `nobody-${randomBytes(3).toString("hex")}@test.local`, password: "guess", clientAddress: client() },
      ],
      ["wrong password", { email: user.email, password: "guess", clientAddress: client() }],
      ["disabled account", { email: disabled.email, password: disabled.password, clientAddress: client() }],
      ["right password", { email: user.email, password: user.password, clientAddress: client() }],
    ];
    for (const [what, attempt] of cases) {
      const { check, hashes } = countingCheck();
      await authenticate(attempt, check).catch(() => {});
      expect(hashes, what).toHaveLength(1);
      expect(params(hashes[0]!), what).toBe(params(realHash));
      expect(params(hashes[0]!), what).toMatch(/^argon2id\$v=19\$m=\d+,t=\d+,p=\d+$/);
    }
  });
});

describe("the audit log", () => {
  const events = (email: string) =>
    db.auditEvent.findMany({
      where: { action: { startsWith: "auth." }, detail: { path: ["email"], equals: email } },
      orderBy: { id: "asc" },
      select: { action: true, actorId: true, targetId: true, detail: true },
    });

  test("a log-in, each failure and the failure that locks are audited with the email and client; locked tries are not", async () => {
    const user = await seedUser();
    const from = client();
    await authenticate({ email: user.email, password: user.password, clientAddress: from });
    for (let i = 0; i <= PAIR_POLICY.maxFailures; i++) await logIn(user.email, "wrong", from);
    const seen = { email: user.email, client: from };
    expect(await events(user.email)).toEqual([
      { action: "auth.login", actorId: user.id, targetId: user.id, detail: seen },
      ...Array.from({ length: PAIR_POLICY.maxFailures - 1 }, () => ({
        action: "auth.login_failure",
        actorId: null,
        targetId: user.id,
        detail: seen,
      })),
      { action: "auth.login_failure", actorId: null, targetId: user.id, detail: seen },
      {
        action: "auth.lockout",
        actorId: null,
        targetId: user.id,
        detail: { ...seen, locked: ["email from this client"] },
      },
      // The sixth try met the lock: refused before any check, and not written.
    ]);
  });

  test("an unknown email and a disabled account are audited as failures", async () => {
    const nobody = `nobody-${randomBytes(3).toString("hex")}@test.local`;
    const from = client();
    await logIn(nobody, "guess", from);
    expect(await events(nobody)).toEqual([
      { action: "auth.login_failure", actorId: null, targetId: null, detail: { email: nobody, client: from } },
    ]);
    const disabled = await seedUser({ disabled: true });
    await logIn(disabled.email, disabled.password, from);
    expect(await events(disabled.email)).toEqual([
      {
        action: "auth.login_failure",
        actorId: null,
        targetId: disabled.id,
        detail: { email: disabled.email, client: from, reason: "disabled" },
      },
    ]);
  });
});
