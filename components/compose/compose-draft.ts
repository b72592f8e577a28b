// Compose's draft, kept in the browser until it is sent or discarded (issue 35: Back, Forward or a reload gave an
// empty form). Kept in sessionStorage, keyed per user: it survives Back, Forward and reload in this tab, and ends with
// the tab — pasted patients' numbers do not stay on a shared clinic computer after the browser is closed, two tabs
// composing two batches do not overwrite each other, and a second user of the same browser never sees the first's.
// What is read back is checked with a schema (an older draft's shape, or anything else under the key, is dropped).
// A draft too large for the browser's storage (a very large paste: Chromium keeps about 5 MB per site, and counts
// two bytes a character) is kept without its pasted numbers, and the form says so.
import { z } from "zod";

const text = z.string().max(2_000_000);
const draftSchema = z.object({
  version: z.literal(1),
  /** The ?list= and ?template= the draft was started from: a link naming others starts from what it names. */
  from: z.object({ list: z.string().nullable(), template: z.string().nullable() }),
  kind: z.enum(["SMS", "VOICE"]),
  message: text,
  source: z.enum(["numbers", "list"]),
  listId: z.string(),
  numbers: text,
  options: z.object({
    name: z.string(),
    accountId: z.string(),
    sender: z.string(),
    originator: z.string(),
    linkId: z.string(),
    voice: z.string(),
    repeat: z.string(),
    promotional: z.boolean(),
  }),
  schedule: z.string(),
  escalation: z.object({
    on: z.boolean(),
    minutes: z.string(),
    ownScript: z.boolean(),
    script: z.string(),
    voice: z.string(),
    repeat: z.string(),
  }),
  budget: z.object({ override: z.boolean(), reason: z.string() }),
  language: z.string(),
  // Texts in other languages (languages.ts); absent from a draft kept before they existed.
  languages: z
    .object({
      variants: z.array(z.object({ language: z.string(), text, voiceLanguage: z.string() })).max(20),
      column: z.string(),
      mapping: z.record(z.string(), z.string()),
      confirmed: z.string(),
    })
    .optional(),
  duplicates: z.object({ include: z.boolean(), reason: z.string() }),
});

export type Draft = z.infer<typeof draftSchema>;

/** What became of the last save: kept whole, kept without the pasted numbers, or not kept at all. */
export type DraftKept = "kept" | "without-numbers" | "not-kept";

export const draftKey = (userId: string) => `tuma.compose-draft.${userId}`;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    // A browser that refuses storage (a privacy setting) keeps no draft.
    return null;
  }
}

export function readDraft(key: string): Draft | null {
  try {
    const raw = storage()?.getItem(key);
    if (!raw) return null;
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeDraft(key: string, draft: Draft): DraftKept {
  const store = storage();
  if (!store) return "not-kept";
  try {
    store.setItem(key, JSON.stringify(draft));
    return "kept";
  } catch {
    // Over the browser's quota: the rest of the draft is kept, without the numbers that made it too large.
    try {
      store.setItem(key, JSON.stringify({ ...draft, numbers: "" }));
      return "without-numbers";
    } catch {
      return "not-kept";
    }
  }
}

export function removeDraft(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing kept, nothing to remove.
  }
}

/** A draft with nothing typed is not worth keeping (nor offering to discard). */
export function isEmptyDraft(draft: Draft): boolean {
  return (
    draft.message.trim() === "" &&
    draft.numbers.trim() === "" &&
    draft.options.name.trim() === "" &&
    draft.schedule === "" &&
    !draft.escalation.on &&
    !draft.options.promotional &&
    (draft.languages?.variants.length ?? 0) === 0
  );
}
