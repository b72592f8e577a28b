// Compose's duplicate-send question, for a saved list or for pasted numbers: the recipients who were sent this text
// within the organisation's window (duplicate-guard.ts, list-duplicates.ts), with the window named.
import "server-only";
import { compileTemplate } from "@/lib/recipients/render-template";
import { duplicateWindowHours, recentlySentBy, windowStart } from "./duplicate-guard";
import { listDuplicates } from "./list-duplicates";
import { listDuplicatesInLanguages } from "./list-duplicates-in-languages";
import type { LanguageSource } from "./list-languages";
import type { Variant } from "./variants";
import { neverGot, type EarlierBatch } from "./never-got";
import { loadList } from "./plan-list";

export type DuplicatesQuestion = {
  templateText: string;
  listId?: string | undefined;
  phones?: string[] | undefined;
  /** A list in several languages: each row is compared on its own language's text (list-duplicates-in-languages.ts). */
  variants?: Variant[] | undefined;
} & Partial<LanguageSource>;

export type FoundDuplicates = {
  windowHours: number;
  recipients: { phone: string; row: number | null; batchId: string }[];
};

/**
 * What Compose says of them: how many, how many of those never got the text, and where Resend reaches them; for pasted
 * numbers, which (no more than were asked about), so the preview shows only numbers that will get the text (issue 35).
 * A list's rows are not named here: its planner tags them itself (plan-list.ts).
 */
export type DuplicatesAnswer = {
  windowHours: number;
  recipients: number;
  neverGot: number;
  earlier: EarlierBatch[];
  phones: string[];
};

export async function answerDuplicates(found: FoundDuplicates): Promise<DuplicatesAnswer> {
  return {
    windowHours: found.windowHours,
    recipients: found.recipients.length,
    ...(await neverGot(found.recipients)),
    phones: found.recipients.flatMap((r) => (r.row === null ? [r.phone] : [])),
  };
}

export async function findDuplicates(question: DuplicatesQuestion, signal?: AbortSignal): Promise<FoundDuplicates> {
  const windowHours = await duplicateWindowHours();
  if (question.listId !== undefined) {
    const list = await loadList(question.listId);
    const compiled = compileTemplate(question.templateText, list.columns);
    if (compiled.unknown.length > 0) return { windowHours, recipients: [] };
    const { variants, languageColumn, languageMapping } = question;
    if (variants?.length && languageColumn) {
      const source = { languageColumn, languageMapping };
      const found = await listDuplicatesInLanguages(list, question.templateText, variants, source, { signal });
      return { windowHours, recipients: found };
    }
    return { windowHours, recipients: await listDuplicates(list.id, compiled, question.templateText, { signal }) };
  }
  const phones = [...new Set(question.phones ?? [])];
  const since = windowStart(new Date(), windowHours);
  const found = await recentlySentBy(
    phones,
    phones.map(() => question.templateText),
    since,
  );
  return { windowHours, recipients: found.map(({ i, batchId }) => ({ phone: phones[i]!, row: null, batchId })) };
}
