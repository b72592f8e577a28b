// Saving provider accounts against a real database: the wire contract at the form, names unique by the database's
// constraint, and the token required again when the base URL changes.
import { expect, test } from "vitest";
import { db } from "@/lib/db/client";
import { author, refusal } from "@/test/upload-helpers";
import { accountSchema, saveAccount } from "./save-account";

const form = (patch: Record<string, unknown> = {}) =>
  accountSchema.parse({
    name: "Main",
    baseUrl: "https://api.example.com/api/v1",
    token: "token-ABCD",
    defaultSender: "TUMA",
    defaultOriginator: "254700000000",
    requestsPerSecond: "120",
    batchSizeLimit: "100",
    isDefault: "on",
    ...patch,
  });

test("a sender the provider would refuse (over 11 characters) is refused at the form", () => {
  const result = accountSchema.safeParse({ ...form(), defaultSender: "TWELVE-CHARS" });
  expect(result.success).toBe(false);
  expect(result.error?.issues[0]?.path).toEqual(["defaultSender"]);
  expect(result.error?.issues[0]?.message).toBe(
    "The sender must be at most 11 characters, or a number of at most 15 digits.",
  );
});

test("a taken name is a conflict on the name field (the database's unique constraint, P2002), nothing written", async () => {
  const actor = await author("ADMIN");
  await saveAccount(form({ name: "Taken" }), actor);
  const error = await refusal(saveAccount(form({ name: "Taken", token: "other-token" }), actor));
  expect(error.code).toBe("CONFLICT");
  expect(error.details).toEqual({ name: ["Already used."] });
  expect(await db.providerAccount.count({ where: { name: "Taken" } })).toBe(1);
  expect(await db.auditEvent.count({ where: { action: "account.create", actorId: actor } })).toBe(1);
});

test("changing the base URL without the token again is refused; with the token it saves and is audited as a token change", async () => {
  const actor = await author("ADMIN");
  const { id } = await saveAccount(form({ name: "Moving" }), actor);
  const before = await db.providerAccount.findUniqueOrThrow({ where: { id }, omit: { tokenCiphertext: false } });

  const error = await refusal(
    saveAccount(form({ id, name: "Moving", token: "", baseUrl: "https://elsewhere.example/api/v1" }), actor),
  );
  expect(error.code).toBe("INVALID_INPUT");
  expect(error.details?.token?.[0]).toMatch(/Required when the base URL changes/);
  const unchanged = await db.providerAccount.findUniqueOrThrow({ where: { id }, omit: { tokenCiphertext: false } });
  expect(unchanged.baseUrl).toBe(before.baseUrl);
  expect(unchanged.tokenCiphertext).toBe(before.tokenCiphertext);

  await saveAccount(
    form({ id, name: "Moving", token: "new-token-WXYZ", baseUrl: "https://elsewhere.example/api/v1" }),
    actor,
  );
  const moved = await db.providerAccount.findUniqueOrThrow({ where: { id }, omit: { tokenCiphertext: false } });
  expect(moved.baseUrl).toBe("https://elsewhere.example/api/v1");
  expect(moved.tokenLast4).toBe("WXYZ");
  const audit = await db.auditEvent.findMany({ where: { targetId: id }, orderBy: { id: "asc" } });
  expect(audit.map((a) => a.action)).toEqual(["account.create", "account.update_with_token_change"]);
  expect(JSON.stringify(audit.map((a) => a.detail))).not.toContain("new-token");

  // Same base URL, empty token: keeps the token.
  await saveAccount(
    form({ id, name: "Moving", token: "", baseUrl: "https://elsewhere.example/api/v1", requestsPerSecond: "60" }),
    actor,
  );
  expect(
    (await db.providerAccount.findUniqueOrThrow({ where: { id }, omit: { tokenCiphertext: false } })).tokenCiphertext,
  ).toBe(moved.tokenCiphertext);
});

test("a base URL is https, plain http only to loopback (the sandbox); link-local and metadata addresses are refused", () => {
  const problem = (baseUrl: string) =>
    accountSchema.safeParse({ ...form(), baseUrl }).error?.issues.find((issue) => issue.path[0] === "baseUrl")
      ?.message ?? null;
  for (const ok of [
    "https://api.example.com/api/v1",
    "https://203.0.113.5:8443/api/v1",
    "http://127.0.0.1:4010/api/v1",
    "http://localhost:4010/api/v1",
    "http://[::1]:4010/api/v1",
  ])
    expect(problem(ok), ok).toBeNull();
  for (const plain of ["http://api.example.com/api/v1", "http://203.0.113.5/api/v1", "http://10.0.0.5:4010/api/v1"])
    expect(problem(plain), plain).toBe(
      "Use https:// (plain http:// only for a provider on this machine, such as the sandbox at http://127.0.0.1).",
    );
  for (const metadata of [
    "http://169.254.169.254/latest/meta-data",
    "https://169.254.169.254/api/v1",
    "https://169.254.1.1/api/v1",
    "https://[fe80::1]/api/v1",
    "https://[fd00:ec2::254]/api/v1",
    "https://[::ffff:169.254.169.254]/api/v1",
    "https://metadata.google.internal/computeMetadata/v1",
    "https://100.100.100.200/api/v1",
    "https://0.0.0.0/api/v1",
  ])
    expect(problem(metadata), metadata).toBe(
      "That address is a link-local or cloud metadata address, never a provider's: enter the provider's own address.",
    );
  expect(problem("ftp://api.example.com/api/v1")).toMatch(/^Use https:\/\//);
});

test("sender IDs: one per line or comma, each checked against the wire contract, the first preselected; an older caller's defaultSender becomes the one sender", async () => {
  const bad = accountSchema.safeParse({ ...form(), senders: "CLINIC\nTWELVE-CHARS" });
  expect(bad.success).toBe(false);
  expect(bad.error?.issues.map((i) => [i.path, i.message])).toEqual([
    [["senders"], "“TWELVE-CHARS”: The sender must be at most 11 characters, or a number of at most 15 digits."],
  ]);

  const actor = await author("ADMIN");
  const { id } = await saveAccount(form({ name: "Senders", senders: "CLINIC\r\n NEWS , CLINIC\n\n" }), actor);
  expect(
    await db.providerAccount.findUniqueOrThrow({ where: { id }, select: { senders: true, defaultSender: true } }),
  ).toEqual({ senders: ["CLINIC", "NEWS"], defaultSender: "CLINIC" });
  const audit = await db.auditEvent.findFirstOrThrow({ where: { targetId: id } });
  expect(audit.detail).toMatchObject({ senders: ["CLINIC", "NEWS"] });

  const legacy = await saveAccount(form({ name: "Legacy" }), actor);
  expect(await db.providerAccount.findUniqueOrThrow({ where: { id: legacy.id }, select: { senders: true } })).toEqual({
    senders: ["TUMA"],
  });

  await saveAccount(form({ id, name: "Senders", token: "", senders: "", defaultSender: undefined }), actor);
  expect(
    await db.providerAccount.findUniqueOrThrow({ where: { id }, select: { senders: true, defaultSender: true } }),
  ).toEqual({ senders: [], defaultSender: "" });
});

test("a price per SMS unit: optional, a plain decimal (up to 4 places) kept exactly, with its currency; empty clears it", async () => {
  expect(accountSchema.safeParse({ ...form(), unitPrice: "0,80" }).error?.issues[0]?.message).toBe(
    "A price such as 0.80 (at most 4 decimals), or empty.",
  );
  expect(accountSchema.safeParse({ ...form(), priceCurrency: "shillings" }).success).toBe(false);
  const actor = await author("ADMIN");
  const { id } = await saveAccount(form({ name: "Priced", unitPrice: "0.8", priceCurrency: "kes" }), actor);
  const priced = await db.providerAccount.findUniqueOrThrow({ where: { id } });
  expect([priced.unitPrice?.toString(), priced.priceCurrency]).toEqual(["0.8", "KES"]);
  await saveAccount(form({ id, name: "Priced", token: "", unitPrice: "" }), actor);
  expect((await db.providerAccount.findUniqueOrThrow({ where: { id } })).unitPrice).toBeNull();
});
