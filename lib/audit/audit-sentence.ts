// Each audit event as a sentence an operator reads ("Grace Wanjiru sent “December reminders” to 1,803 people"), with
// people by name, batches, lists and accounts linked, and times left to the page's time module (a `time` part). The
// raw detail stays one click away on the Audit page. One sentence per action, in a Record over every action of
// record-audit.ts, so an action without a sentence does not compile (and audit-sentence.test.ts says which).
import type { AuditAction } from "./record-audit";
import { formatCount } from "@/lib/numbers/format";

/** Text, a link, or an instant for the page to show in the organisation's zone. */
export type SentencePart = string | { text: string; href: string } | { time: string };

export type AuditEventView = {
  action: string;
  actorId: string | null;
  actorName: string | null;
  targetType: string;
  targetId: string | null;
  detail: unknown;
};

/** What the page looked up for the events it shows: a label per `${type}:${id}` ("Batch:…" → its name). */
export type AuditNames = ReadonlyMap<string, string>;

type Context = {
  actor: string;
  detail: Record<string, unknown>;
  names: AuditNames;
  targetId: string | null;
  /** The event's target by name and linked (for the target types that have a page), or a fallback. */
  target: (fallback: string) => SentencePart;
  /** The same in quotes (“December reminders”), falling back to a name the detail kept (quoted too), else to words
   * that are not a name ("a batch", unquoted). */
  titled: (generic: string, kept?: unknown) => SentencePart[];
};

const text = (value: unknown): string | null =>
  typeof value === "string" && value !== "" ? value : typeof value === "number" ? String(value) : null;
const count = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);
const many = (n: number, one: string, other: string) => `${formatCount(n)} ${n === 1 ? one : other}`;
const quoted = (part: SentencePart): SentencePart[] => ["“", part, "”"];
const because = (reason: unknown): string => (text(reason) ? `: reason “${text(reason)}”` : "");
/** A template's texts in other languages a save touched (lib/templates/variant-changes.ts), or nothing. */
const variantWords = (value: unknown): string => {
  if (typeof value !== "object" || value === null) return "";
  const codes = (key: string) => {
    const list = (value as Record<string, unknown>)[key];
    return Array.isArray(list) ? list.filter((code): code is string => typeof code === "string") : [];
  };
  const parts = (["added", "changed", "removed"] as const)
    .filter((key) => codes(key).length > 0)
    .map((key) => `${codes(key).join(", ")} ${key}`);
  return parts.length ? ` (texts in other languages: ${parts.join("; ")})` : "";
};
const hook = (url: unknown): string => (text(url) ? `the webhook endpoint ${text(url)}` : "a webhook endpoint");
/** An API key by its name and visible prefix, as far as the event kept them. */
const apiKey = (detail: Record<string, unknown>) =>
  [
    "the API key",
    text(detail.name) ? `“${text(detail.name)}”` : null,
    text(detail.prefix) ? `(${text(detail.prefix)}…)` : null,
  ]
    .filter(Boolean)
    .join(" ");
/** A setting's change as its event kept it ({ from, to }): " from …" when known, then " to …" ("?" when not). */
const fromTo = (change: unknown, read: (value: unknown) => string | number | null, unit = ""): string[] => {
  const { from, to } = (change ?? {}) as Record<string, unknown>;
  return [read(from) === null ? "" : ` from ${read(from)}${unit}`, ` to ${read(to) ?? "?"}${unit}`];
};
const role = (value: unknown) => (text(value) ?? "?").toLowerCase();

const SCOPES: Record<string, string> = {
  unknown: "unknown",
  temporary: "failed for a temporary reason",
  permanent: "failed for good",
  noReceipt: "without a receipt",
};

const PAGES: Record<string, (id: string) => string> = {
  Batch: (id) => `/batches/${id}`,
  User: () => "/users",
  List: () => "/lists",
  Template: () => "/templates",
  ProviderAccount: () => "/settings",
  WebhookEndpoint: () => "/webhooks",
  OptOut: (phone) => `/numbers/${encodeURIComponent(phone)}`,
  Number: (phone) => `/numbers/${encodeURIComponent(phone)}`,
};

function named(names: AuditNames, type: string, id: string | null, fallback: string): SentencePart {
  if (!id) return fallback;
  const label = names.get(`${type}:${id}`) ?? (type === "OptOut" || type === "Number" ? id : null);
  const page = PAGES[type];
  return label === null ? fallback : page ? { text: label, href: page(id) } : label;
}

const SENTENCES: Record<AuditAction, (c: Context) => SentencePart[]> = {
  "batch.create": ({ actor, detail, titled }) => {
    const n = count(detail.recipients);
    const people = n === null ? "" : many(n, "person", "people");
    const at = text(detail.scheduledAt);
    // The duplicate-send guard's part: who was included again, and why (lib/batches/duplicate-guard.ts).
    const resent = count(detail.resent);
    const reason = text(detail.resentReason);
    const guard =
      reason !== null
        ? `, including ${resent === null ? "recipients" : many(resent, "person", "people")} sent the same text recently: reason “${reason}”`
        : resent && count(detail.resentExcluded)
          ? `, leaving out ${many(count(detail.resentExcluded)!, "person", "people")} sent the same text recently`
          : "";
    return at
      ? [
          `${actor} scheduled `,
          ...titled("a batch"),
          people ? ` for ${people}` : "",
          ", to start ",
          { time: at },
          guard,
        ]
      : [`${actor} sent `, ...titled("a batch"), people ? ` to ${people}` : "", guard];
  },
  "batch.pause": ({ actor, detail, titled }) => [`${actor} paused `, ...titled("a batch"), because(detail.reason)],
  "batch.resume": ({ actor, titled }) => [`${actor} resumed `, ...titled("a batch")],
  "batch.cancel": ({ actor, detail, titled }) => {
    const n = count(detail.cancelled);
    return [
      `${actor} cancelled `,
      ...titled("a batch"),
      n === null ? "" : ` (${many(n, "message", "messages")} not sent)`,
    ];
  },
  "batch.resend": ({ actor, detail, names, titled }) => {
    const child = text(detail.childBatchId);
    const scope = Object.entries(detail.scope ?? {})
      .filter(([, on]) => on === true)
      .map(([kind]) => SCOPES[kind] ?? kind);
    return [
      `${actor} resent ${many(count(detail.recipients) ?? 0, "message", "messages")} of `,
      ...titled("a batch"),
      scope.length > 0 ? ` (${scope.join(", ")})` : "",
      " as ",
      child ? named(names, "Batch", child, "a new batch") : "a new batch",
    ];
  },
  "account.create": ({ actor, detail, titled }) => [
    `${actor} added the provider account `,
    ...titled("an account", detail.name),
    detail.reason === "start-up" ? " at start-up" : "",
  ],
  "account.update": ({ actor, detail, titled }) => [
    `${actor} changed the provider account `,
    ...titled("an account", detail.name),
  ],
  "account.update_with_token_change": (c) => [...SENTENCES["account.update"](c), " and its token"],
  "account.sandbox_reset": ({ actor, detail, titled }) => [
    `${actor} reset the sandbox provider account `,
    ...titled("Sandbox", detail.name),
    detail.reason === "start-up" ? " at start-up" : "",
    text(detail.previousBaseUrl) ? ` (its address was ${text(detail.previousBaseUrl)})` : "",
  ],
  "account.receipt_secret_rotate": ({ actor, detail, titled }) => {
    const until = text(detail.previousAcceptedUntil);
    return [
      `${actor} rotated the receipt secret of `,
      ...titled("an account"),
      ...(until ? ["; the old one was accepted until ", { time: until }] : []),
    ];
  },
  // The first administrator is created by Tuma itself on its first start (lib/bootstrap/first-admin.ts), an event that
  // keeps no role: said as what it is, never "as ?" (issue 35).
  "user.create": ({ actor, detail, target }) =>
    detail.reason === "first start"
      ? [`${actor} created the first administrator, `, target(text(detail.email) ?? "a user"), ", on its first start"]
      : [
          `${actor} added `,
          target(text(detail.email) ?? "a user"),
          text(detail.role) ? ` as ${role(detail.role)}` : "",
        ],
  "user.update": ({ actor, detail, target }) => {
    const change = (detail.role ?? {}) as Record<string, unknown>;
    const words = text(change.from) && text(change.to) ? ` from ${role(change.from)} to ${role(change.to)}` : "";
    return [`${actor} changed the role of `, target("a user"), words];
  },
  "user.disable": ({ actor, target }) => [`${actor} disabled `, target("a user"), " (their sessions ended)"],
  "user.enable": ({ actor, target }) => [`${actor} enabled `, target("a user"), " again"],
  "user.export_grant": ({ actor, target }) => [`${actor} allowed `, target("a viewer"), " to export recipients"],
  "user.export_revoke": ({ actor, target }) => [
    `${actor} took back the export of recipients from `,
    target("a viewer"),
  ],
  "user.password_reset": ({ actor, target }) => [
    `${actor} gave `,
    target("a user"),
    " a new one-time password (their sessions ended)",
  ],
  "user.password_change": ({ actor }) => [`${actor} changed their password (their sessions ended)`],
  "user.password_change_failure": ({ actor, detail }) => [
    detail.purpose === "API key"
      ? `${actor} gave a wrong current password when making an API key`
      : `${actor} gave a wrong current password when changing theirs`,
    detail.locked ? "; password changes are locked for a while" : "",
  ],
  "template.create": ({ actor, detail, titled }) => [
    `${actor} created the template `,
    ...titled("a template", detail.name),
    variantWords(detail.variants),
  ],
  "template.update": ({ actor, detail, titled }) => [
    `${actor} changed the template `,
    ...titled("a template", detail.name),
    variantWords(detail.variants),
  ],
  // Events before the name was recorded carry none: they read "deleted a template".
  "template.delete": ({ actor, detail, titled }) => {
    const name = titled("", detail.name);
    return name.length === 1 && name[0] === ""
      ? [`${actor} deleted a template`]
      : [`${actor} deleted the template `, ...name];
  },
  "optout.add": ({ actor, detail, target, targetId }) => {
    const added = many(count(detail.added) ?? 0, "number", "numbers");
    if (detail.source === "carrier")
      return targetId
        ? ["The network reported ", target(targetId), ` blacklisted: added to the opt-outs${because(detail.reason)}`]
        : [`The network reported ${added} blacklisted: added to the opt-outs${because(detail.reason)}`];
    if (!targetId) return [`${actor} added ${added} to the opt-outs from a file`];
    return [`${actor} added `, target(targetId), ` to the opt-outs${because(detail.reason)}`];
  },
  "optout.remove": ({ actor, detail, target }) => [
    `${actor} removed `,
    target(text(detail.phone) ?? "a number"),
    ` from the opt-outs${because(detail.reason)}`,
    text(detail.optOutReason) ? ` (it had been opted out: “${text(detail.optOutReason)}”)` : "",
  ],
  "optout.hold": ({ actor, detail }) => [
    `${actor} held back ${many(count(detail.held) ?? 0, "number", "numbers")} the network reported blacklisted: more at once than the burst limit allows, so an administrator decides on the Receipts page`,
  ],
  "optout.hold_release": ({ actor, detail }) => [
    `${actor} released ${many(count(detail.released) ?? 0, "held number", "held numbers")} to the opt-outs (carrier blacklist)`,
  ],
  "optout.hold_discard": ({ actor, detail }) => [
    `${actor} discarded ${many(count(detail.discarded) ?? 0, "held carrier-blacklist report", "held carrier-blacklist reports")}: the numbers were not opted out`,
  ],
  "list.create": ({ actor, detail, titled }) => [
    `${actor} uploaded the list `,
    ...titled("a list", detail.name ?? detail.filename),
    ` (${many(count(detail.valid) ?? 0, "number", "numbers")}`,
    count(detail.invalid) ? `, ${many(count(detail.invalid)!, "invalid row", "invalid rows")}` : "",
    count(detail.duplicates) ? `, ${many(count(detail.duplicates)!, "duplicate", "duplicates")}` : "",
    ")",
  ],
  "list.delete": ({ actor, detail }) => [
    `${actor} deleted the list “${text(detail.name) ?? text(detail.filename) ?? "?"}”`,
    text(detail.replacedBy)
      ? `, checking the file again with the phone column “${text(detail.phoneColumn) ?? "?"}”`
      : "",
  ],
  "list.rename": ({ actor, detail, titled }) => [
    `${actor} renamed the list “${text(detail.from) ?? "?"}” to `,
    ...titled("a list", detail.to),
  ],
  "auth.login": ({ actor }) => [`${actor} logged in`],
  "auth.logout": ({ actor, detail }) => [
    detail.everywhere
      ? `${actor} logged out everywhere (all their sessions ended, ${many(count(detail.keysRevoked) ?? 0, "API key", "API keys")} revoked)`
      : `${actor} logged out (all their sessions ended)`,
  ],
  "auth.login_failure": ({ detail, target }) => [
    "A log-in as ",
    target(text(detail.email) ?? "an unknown email"),
    detail.reason === "disabled" ? " was refused: the account is disabled" : " failed: wrong email or password",
    text(detail.client) ? ` (from ${text(detail.client)})` : "",
  ],
  "auth.lockout": ({ detail, target }) => [
    "Log-ins as ",
    target(text(detail.email) ?? "an unknown email"),
    " were locked out after repeated failures",
    Array.isArray(detail.locked) ? ` (${detail.locked.join(", ")})` : "",
    text(detail.client) ? ` (from ${text(detail.client)})` : "",
  ],
  "export.batch": ({ actor, detail, titled }) => [
    `${actor} exported the recipients of `,
    ...titled("a batch"),
    text(detail.filter) ? ` (only ${text(detail.filter)!.toLowerCase().replace("_", " ")})` : "",
    ` as ${(text(detail.format) ?? "csv").toUpperCase()}`,
  ],
  "export.upload_report": ({ actor, detail, titled }) => [
    `${actor} downloaded the ${text(detail.group) ? `${text(detail.group)} ` : ""}rows of the list `,
    ...titled("a list"),
  ],
  "export.subject_access": ({ actor, detail, target }) => [
    `${actor} downloaded everything Tuma holds about `,
    target("a number"),
    text(detail.format) ? ` (${text(detail.format)})` : "",
  ],
  "number.erase": ({ actor, detail }) => [
    `${actor} erased a number`,
    count(detail.messages) !== null ? ` (${many(count(detail.messages)!, "message", "messages")})` : "",
    detail.neverContact === true ? ", never to be contacted again" : "",
    text(detail.reason) ? `: ${text(detail.reason)}` : "",
  ],
  "export.audit": ({ actor, detail }) => [
    `${actor} exported the audit log`,
    Object.values(detail).some((v) => v) ? " (filtered)" : "",
  ],
  "export.duplicates": ({ actor, detail }) => [
    `${actor} downloaded the recipients the duplicate guard found`,
    count(detail.rows) !== null ? ` (${many(count(detail.rows)!, "row", "rows")})` : "",
  ],
  "organisation.carrier_opt_out_burst": ({ actor, detail }) => [
    `${actor} set how many carrier-blacklist opt-outs a minute are applied before the rest are held`,
    ...fromTo(detail.limit, (n) => (count(n) === null ? null : formatCount(count(n)!))),
  ],
  "organisation.time_zone": ({ actor, detail }) => [
    `${actor} changed the organisation's time zone`,
    ...fromTo(detail.timeZone, text),
  ],
  "organisation.duplicate_window": ({ actor, detail }) => [
    `${actor} set the duplicate-send window`,
    ...fromTo(detail.hours, count, " hours"),
  ],
  "organisation.promotional_window": ({ actor, detail }) => [
    `${actor} set the window promotional batches send in`,
    ...fromTo(detail.window, text),
  ],
  "receipt_status.map": ({ actor, detail, targetId }) => [
    `${actor} said the delivery status “${targetId ?? "?"}” means `,
    detail.state === "FAILED"
      ? `failed${text(detail.failureClass) ? ` (${text(detail.failureClass)!.toLowerCase()})` : ""}`
      : detail.state === "QUEUED"
        ? "still on its way"
        : (text(detail.state) ?? "?").toLowerCase(),
    count(detail.messages) !== null ? ` (${many(count(detail.messages)!, "message", "messages")} holding it)` : "",
  ],
  "sender_id.clear": ({ actor, detail, names }) => [
    `${actor} cleared the warning that the network refused the sender ID “${text(detail.sender) ?? "?"}” of `,
    named(names, "ProviderAccount", text(detail.accountId), "an account"),
  ],
  "webhook.create": ({ actor, detail }) => [`${actor} registered ${hook(detail.url)}`],
  "webhook.update": ({ actor, detail }) => [`${actor} changed ${hook(detail.url)}`],
  "webhook.enable": ({ actor, detail }) => [`${actor} enabled ${hook(detail.url)} again`],
  "webhook.disable": ({ actor, detail }) => [`${actor} disabled ${hook(detail.url)}${because(detail.reason)}`],
  "webhook.rotate_secret": ({ actor, detail }) => {
    const until = text(detail.previousValidUntil);
    return [
      `${actor} rotated the signing secret of ${hook(detail.url)}`,
      ...(until ? ["; the old one signs too until ", { time: until }] : []),
    ];
  },
  "webhook.delete": ({ actor, detail }) => [`${actor} deleted ${hook(detail.url)}`],
  "webhook.replay": ({ actor, detail }) => [
    `${actor} sent the event ${text(detail.eventId) ?? "?"} (${text(detail.eventType) ?? "?"}) again to ${hook(detail.url)}`,
  ],
  "webhook.test": ({ actor, detail }) => [
    `${actor} sent a test event (${text(detail.eventId) ?? "?"}) to ${hook(detail.url)}`,
  ],
  "units.purchase": ({ actor, detail, titled }) => [
    `${actor} recorded ${many(count(detail.units) ?? 0, "unit", "units")} bought for `,
    ...titled("an account"),
    text(detail.note) ? ` (“${text(detail.note)}”)` : "",
    count(detail.resumed)
      ? `, resuming ${many(count(detail.resumed) ?? 0, "batch", "batches")} paused for lack of units`
      : "",
  ],
  "units.warn_threshold": ({ actor, detail, titled }) => [
    `${actor} set the units warning of `,
    ...titled("an account"),
    count(detail.below) !== null ? ` to below ${formatCount(count(detail.below) ?? 0)} units` : " off",
  ],
  "units.override": ({ actor, detail, titled }) => [
    `${actor} sent `,
    ...titled("a batch"),
    ` over the units budget (${formatCount(count(detail.needs) ?? 0)} needed, ${formatCount(count(detail.left) ?? 0)} left after it)${because(detail.reason)}`,
  ],
  "account.voice_language": ({ actor, detail, titled }) => [
    `${actor} set the voice language field of `,
    ...titled("an account"),
    text(detail.field)
      ? ` to “${text(detail.field)}” (${Array.isArray(detail.languages) ? detail.languages.join(", ") : ""})`
      : " off",
  ],
  "webhook.allowed_hosts": ({ actor, detail }) => [
    `${actor} set the private hosts webhooks may reach to `,
    Array.isArray(detail.hosts) && detail.hosts.length > 0 ? detail.hosts.join(", ") : "none",
  ],
  "api_key.create": ({ actor, detail }) => [
    `${actor} created ${apiKey(detail)}`,
    Array.isArray(detail.scopes) ? ` with the scopes ${detail.scopes.join(", ")}` : "",
  ],
  "api_key.revoke": ({ actor, detail }) => [
    `${actor} revoked ${apiKey(detail)}`,
    text(detail.reason) ? ` (${text(detail.reason)})` : "",
  ],
  "api_key.admin_use": ({ actor, detail }) => [
    `${actor} used the admin scope of ${apiKey(detail)}`,
    text(detail.operation) ? ` for ${text(detail.operation)}` : "",
  ],
};

/** Whether this action has a sentence (the unit test asks it of every audited action). */
export const hasSentence = (action: string): action is AuditAction => Object.hasOwn(SENTENCES, action);

export function auditSentence(event: AuditEventView, names: AuditNames): SentencePart[] {
  const actor = event.actorName ?? (event.actorId ? "A deleted user" : "Tuma");
  const detail =
    event.detail && typeof event.detail === "object" && !Array.isArray(event.detail)
      ? (event.detail as Record<string, unknown>)
      : {};
  if (!hasSentence(event.action)) return [`${actor}: ${event.action}`];
  const parts = SENTENCES[event.action]({
    actor,
    detail,
    names,
    targetId: event.targetId,
    target: (fallback) => named(names, event.targetType, event.targetId, fallback),
    titled: (generic, kept) => {
      const found = named(names, event.targetType, event.targetId, "");
      if (found !== "") return quoted(found);
      return text(kept) ? quoted(text(kept)!) : [generic];
    },
  });
  return parts.filter((part) => part !== "");
}

/** The sentence as plain text (tests; the CSV export renders its times in the zone: lib/audit/export-audit.ts). */
export const sentenceText = (parts: SentencePart[]): string =>
  parts.map((part) => (typeof part === "string" ? part : "text" in part ? part.text : part.time)).join("");
