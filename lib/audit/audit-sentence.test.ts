// Every audited action reads as a sentence with names (never a UUID) and links, and the examples of issue 19 read as
// written there.
import { expect, test } from "vitest";
import { auditSentence, hasSentence, sentenceText, type AuditEventView } from "./audit-sentence";
import { AUDIT_ACTIONS } from "./record-audit";

const BATCH = "0b7c2f7e-1c1e-4d5e-9a57-2f0d4c7e9a10";
const CHILD = "5d1e8f20-7a6b-4c3d-8e9f-0a1b2c3d4e5f";
const USER = "9f8e7d6c-5b4a-4321-8fed-cba987654321";
const ACCOUNT = "1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d";
const names = new Map([
  [`Batch:${BATCH}`, "December reminders"],
  [`Batch:${CHILD}`, "December reminders (resend)"],
  [`User:${USER}`, "Peter Otieno"],
  [`List:${BATCH}`, "patients.csv"],
  [`Template:${BATCH}`, "Reminder"],
  [`ProviderAccount:${ACCOUNT}`, "Safaricom bulk"],
]);
const TARGETS: Record<string, [string, string | null]> = {
  batch: ["Batch", BATCH],
  account: ["ProviderAccount", ACCOUNT],
  user: ["User", USER],
  template: ["Template", BATCH],
  optout: ["OptOut", "254712345678"],
  list: ["List", BATCH],
  auth: ["User", USER],
  export: ["Batch", BATCH],
  organisation: ["Organisation", "1"],
  receipt_status: ["ReceiptStatus", "DeliveryImpossible"],
  sender_id: ["SenderIdProblem", `${ACCOUNT}:TUMA`],
  webhook: ["WebhookEndpoint", BATCH],
  api_key: ["ApiKey", BATCH],
  units: ["ProviderAccount", ACCOUNT],
  number: ["Number", "sha256:0123456789abcdef"],
};

function event(action: string, detail: Record<string, unknown> = {}, actorName: string | null = "Grace Wanjiru") {
  const [targetType, targetId] = TARGETS[action.split(".")[0]!]!;
  return { action, actorId: actorName ? USER : null, actorName, targetType, targetId, detail } as AuditEventView;
}

test("every audited action has a sentence, with its actor, without ids, placeholders or raw values", () => {
  const missing = AUDIT_ACTIONS.filter((action) => !hasSentence(action));
  expect(missing, "audit actions without a sentence in lib/audit/audit-sentence.ts").toEqual([]);
  for (const action of AUDIT_ACTIONS) {
    // With an empty detail (old events, events that keep none) as well as with none at all.
    for (const detail of [{}, undefined]) {
      const text = sentenceText(auditSentence({ ...event(action), detail }, names));
      expect(text, action).not.toMatch(/undefined|null|\[object|NaN/);
      expect(text, action).not.toContain(BATCH);
      expect(text, action).not.toContain(USER);
      expect(text, action).not.toContain(ACCOUNT);
      expect(text.length, action).toBeGreaterThan(10);
      if (!action.startsWith("auth.login_failure") && action !== "auth.lockout" && !action.startsWith("optout.add"))
        expect(text, action).toMatch(/^Grace Wanjiru /);
    }
  }
});

test("the units budget's and the voice language's sentences", () => {
  const bought = auditSentence(event("units.purchase", { units: 5000, note: "Invoice 7", resumed: 2 }), names);
  expect(sentenceText(bought)).toBe(
    "Grace Wanjiru recorded 5,000 units bought for “Safaricom bulk” (“Invoice 7”), resuming 2 batches paused for lack of units",
  );
  const over = auditSentence(
    { ...event("units.override", { needs: 8, left: -3, reason: "Outage" }), targetType: "Batch", targetId: BATCH },
    names,
  );
  expect(sentenceText(over)).toBe(
    "Grace Wanjiru sent “December reminders” over the units budget (8 needed, -3 left after it): reason “Outage”",
  );
  const language = auditSentence(
    event("account.voice_language", { field: "language", languages: ["sw", "en"] }),
    names,
  );
  expect(sentenceText(language)).toBe(
    "Grace Wanjiru set the voice language field of “Safaricom bulk” to “language” (sw, en)",
  );
});

test("the sentences of issue 19, with the batch and the people linked", () => {
  const sent = auditSentence(event("batch.create", { recipients: 1803, duplicates: 2, scheduledAt: null }), names);
  expect(sentenceText(sent)).toBe("Grace Wanjiru sent “December reminders” to 1,803 people");
  expect(sent).toContainEqual({ text: "December reminders", href: `/batches/${BATCH}` });

  const removed = auditSentence(
    event("optout.remove", { phone: "254712345678", reason: "asked by phone", source: "manual", optOutReason: "STOP" }),
    names,
  );
  expect(sentenceText(removed)).toBe(
    "Grace Wanjiru removed 254712345678 from the opt-outs: reason “asked by phone” (it had been opted out: “STOP”)",
  );
  expect(removed).toContainEqual({ text: "254712345678", href: "/numbers/254712345678" });

  // A system action: Tuma itself created the first administrator (no actor, no role kept).
  const first = auditSentence(
    {
      ...event("user.create", { email: "admin@clinic.example", reason: "first start" }),
      actorId: null,
      actorName: null,
    },
    names,
  );
  expect(sentenceText(first)).toMatch(/^Tuma created the first administrator, .+, on its first start$/);
  for (const action of ["user.create", "user.update"])
    expect(sentenceText(auditSentence(event(action, {}), names)), action).not.toContain("?");
  const role = auditSentence(event("user.update", { role: { from: "OPERATOR", to: "ADMIN" } }), names);
  expect(sentenceText(role)).toBe("Grace Wanjiru changed the role of Peter Otieno from operator to admin");

  const resend = auditSentence(
    event("batch.resend", { childBatchId: CHILD, scope: { temporary: true }, recipients: 41 }),
    names,
  );
  expect(sentenceText(resend)).toBe(
    "Grace Wanjiru resent 41 messages of “December reminders” (failed for a temporary reason) as December reminders (resend)",
  );
  expect(resend).toContainEqual({ text: "December reminders (resend)", href: `/batches/${CHILD}` });
});

test("times stay instants for the page's time module; the system and deleted users are named as such", () => {
  const scheduled = auditSentence(
    event("batch.create", { recipients: 1, scheduledAt: "2026-12-01T05:00:00.000Z" }),
    names,
  );
  expect(scheduled.at(-1)).toEqual({ time: "2026-12-01T05:00:00.000Z" });
  expect(sentenceText(scheduled)).toMatch(/^Grace Wanjiru scheduled “December reminders” for 1 person, to start /);
  const paused = auditSentence(event("batch.pause", { reason: "The provider refused the token (401)." }, null), names);
  expect(sentenceText(paused)).toBe("Tuma paused “December reminders”: reason “The provider refused the token (401).”");
  const gone = { ...event("auth.logout"), actorName: null };
  expect(sentenceText(auditSentence(gone, names))).toMatch(/^A deleted user logged out/);
  // A batch since deleted (or never found) is named in words, not by its id.
  expect(sentenceText(auditSentence(event("batch.resume"), new Map()))).toBe("Grace Wanjiru resumed a batch");
});

test("a template's save names the texts in other languages it added, changed and removed", () => {
  const saved = (action: string, variants: unknown) =>
    sentenceText(auditSentence({ ...event(action, { name: "Lugha", kind: "SMS", variants }), targetId: CHILD }, names));
  expect(saved("template.update", { added: ["ki"], changed: ["sw"], removed: ["fr", "en"] })).toMatch(
    /changed the template .*\(texts in other languages: ki added; sw changed; fr, en removed\)$/,
  );
  // Nothing touched, or an event from before variants: the sentence as it was.
  expect(saved("template.create", { added: [], changed: [], removed: [] })).toMatch(/created the template “[^”]+”$/);
  expect(saved("template.update", undefined)).toMatch(/changed the template “[^”]+”$/);
});

test("a deleted template is named by the name its event kept; an older event without one says 'a template'", () => {
  const gone = { ...event("template.delete", { name: "Old reminder", kind: "SMS" }), targetId: CHILD };
  expect(sentenceText(auditSentence(gone, names))).toBe("Grace Wanjiru deleted the template “Old reminder”");
  expect(sentenceText(auditSentence({ ...gone, detail: {} }, names))).toBe("Grace Wanjiru deleted a template");
});
