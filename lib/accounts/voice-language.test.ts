// The voice language field (docs/voice-language.md): a reserved name refused (the spec's fields, any case, anything
// naming the token), values checked, the setting audited, a batch's language outside the list refused, and a voice
// batch sent through the real sandbox configured the same way carrying its language in every request.
import { expect, test } from "vitest";
import { db } from "@/lib/db/client";
import { createBatch } from "@/lib/batches/create-batch";
import { completed, phones, UNHURRIED_REQUEST_MS } from "@/test/dispatch-harness";
import { harnessPerTest } from "@/test/harness-lifecycle";
import { refusal } from "@/test/upload-helpers";
import { setVoiceLanguage, voiceLanguageFormSchema } from "./voice-language";

const run = harnessPerTest();

const ACCOUNT = "00000000-0000-4000-8000-000000000001";
const form = (field: string, languages = "en, sw") =>
  voiceLanguageFormSchema.safeParse({ accountId: ACCOUNT, field, languages });

test("a reserved field name is refused, whatever its case; so is anything naming the token", () => {
  for (const name of [
    "message",
    "phone",
    "PHONE",
    "originator",
    "correlator",
    "endpoint",
    "link_id",
    "voice",
    "repeat",
  ]) {
    const parsed = form(name);
    expect(parsed.success, name).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(["field"]);
    expect(parsed.error?.issues[0]?.message).toMatch(/already uses/);
  }
  for (const name of ["token", "access_token", "Authorization", "apiToken", "bearer"])
    expect(form(name).success, name).toBe(false);
  // Not a field name at all (a JSON path, spaces, a leading digit).
  for (const name of ["lang.code", "my lang", "1lang", "x".repeat(41)]) expect(form(name).success, name).toBe(false);
  expect(form("language").data).toEqual({
    accountId: ACCOUNT,
    setting: { field: "language", languages: ["en", "sw"] },
  });
  expect(form("  ").data).toEqual({ accountId: ACCOUNT, setting: null });
});

test("values: at least one, each once, each a code-like word", () => {
  expect(form("language", "").error?.issues[0]?.path).toEqual(["languages"]);
  expect(form("language", "en, en").success).toBe(false);
  expect(form("language", "en; DROP").success).toBe(false);
  expect(form("lang", "en-KE\nsw_KE, fr").data?.setting?.languages).toEqual(["en-KE", "sw_KE", "fr"]);
});

test("a batch's language outside the account's list, or on an account that names no field, is refused; the setting is audited", async () => {
  const h = await run.harness({ knobs: { receipts: false } });
  const voiceBatch = (language: string) =>
    createBatch({
      kind: "VOICE",
      accountId: h.accountId,
      authorId: h.userId,
      name: "lang",
      templateText: "Habari",
      originator: "254700000000",
      language,
      recipients: [{ phone: "0712000001" }],
    });
  const unset = await refusal(voiceBatch("sw"));
  expect(unset.details?.language?.[0]).toMatch(/sends no language/);

  await setVoiceLanguage({ accountId: h.accountId, setting: { field: "language", languages: ["en", "sw"] } }, h.userId);
  const audit = await db.auditEvent.findFirstOrThrow({
    where: { action: "account.voice_language", targetId: h.accountId },
  });
  expect(audit.detail).toEqual({ field: "language", languages: ["en", "sw"] });
  const outside = await refusal(voiceBatch("fr"));
  expect(outside.code).toBe("INVALID_INPUT");
  expect(outside.details?.language?.[0]).toMatch(/“fr” is not a language this account allows \(en, sw\)/);
  expect(await db.batch.count({ where: { accountId: h.accountId } })).toBe(0);
});

test("a voice batch carries its language in the account's field, which the sandbox configured the same way accepts", async () => {
  const h = await run.harness({ knobs: { receipts: false, voiceLanguageField: "lang", voiceLanguages: ["en", "sw"] } });
  await setVoiceLanguage({ accountId: h.accountId, setting: { field: "lang", languages: ["en", "sw"] } }, h.userId);
  await run.worker(h, { lanes: 2, requestTimeoutMs: UNHURRIED_REQUEST_MS });
  const { id } = await createBatch({
    kind: "VOICE",
    accountId: h.accountId,
    authorId: h.userId,
    name: "voice-lang",
    templateText: "Habari, mkutano ni kesho.",
    originator: "254700000000",
    language: "sw",
    recipients: phones(150, 810_000).map((phone) => ({ phone })),
  });
  const done = await completed(id, 30_000, "voice batch sent");
  expect(done.queuedCount).toBe(150);
  expect(done.language).toBe("sw");
  const accepted = await h.accepted();
  expect(accepted).toHaveLength(150);
  expect(new Set(accepted.map((m) => m.language))).toEqual(new Set(["sw"]));
});
