"use client";
// The duplicate-send guard's count for what Compose would send now (POST /api/compose/duplicates,
// lib/batches/duplicate-guard.ts): asked once typing pauses, cached per (list or numbers, text). The plan subtracts
// the recipients it finds unless the operator includes them.
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { postJson } from "@/lib/http/fetch-json";
import type { DuplicateChoice } from "./duplicate-fields";
import { fingerprint, type PastedNumbers } from "./use-pasted-numbers";
import { useSettled } from "./use-settled";

/** A list in several languages adds its texts, column and mapping: each row is compared on its own language's text. */
export type DuplicatesLanguages = {
  variants: { language: string; text: string }[];
  languageColumn: string;
  languageMapping: Record<string, string>;
};
export type DuplicatesQuestion = {
  templateText: string;
  listId?: string;
  phones?: string[];
} & Partial<DuplicatesLanguages>;
/** The guard's answer (lib/batches/find-duplicates.ts DuplicatesAnswer): how many, and how many never got it. */
export type Duplicates = {
  windowHours: number;
  recipients: number;
  neverGot: number;
  earlier: { id: string; name: string; neverGot: number }[];
  /** Of pasted numbers, those it finds (a list's are tagged in its plan instead). */
  phones: string[];
};

/** `key` names the question (the list or the numbers' fingerprint, and the text): only it is debounced. */
export function useDuplicates(question: DuplicatesQuestion | null, key: string): Duplicates | null {
  const settledKey = useSettled(key);
  const query = useQuery({
    queryKey: ["compose-duplicates", settledKey],
    queryFn: ({ signal }) =>
      postJson<Duplicates>("/api/compose/duplicates", { ...question, format: "json" }, { signal }),
    enabled: question !== null && question.templateText.trim() !== "" && settledKey === key,
    staleTime: 30_000,
  });
  return question && settledKey === key && !query.isFetching ? (query.data ?? null) : null;
}

/** The CSV of those recipients, downloaded by the browser (a POST: the text and numbers stay out of URLs and logs). */
export async function downloadDuplicates(question: DuplicatesQuestion): Promise<void> {
  const response = await fetch("/api/compose/duplicates", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...question, format: "csv" }),
  });
  if (!response.ok) throw new Error(`The download failed (${response.status}).`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = "sent-recently.csv";
  link.click();
  URL.revokeObjectURL(url);
}

export type DuplicateGuard = {
  question: DuplicatesQuestion | null;
  found: Duplicates | null;
  choice: DuplicateChoice;
  setChoice: (choice: DuplicateChoice) => void;
  /** How many the plan leaves out: 0 while unknown, or when the operator includes them. */
  resent: number;
  /** The operator's reason, when they include recipients who had this text recently. */
  reason: string | null;
  /** The pasted numbers the plan leaves out (none when the operator includes them): the preview skips them. */
  resentPhones: ReadonlySet<string>;
};

/** Compose's duplicate-send guard: the question for what is typed now, its answer, and the operator's choice. */
export function useDuplicateGuard({
  source,
  listId,
  pasted,
  text,
  languages = null,
  initialChoice,
}: {
  /** A list in several languages (lib/batches/list-duplicates-in-languages.ts); null: one text. */
  languages?: DuplicatesLanguages | null;
  /** The choice kept in Compose's draft (compose-draft.ts). */
  initialChoice?: DuplicateChoice | undefined;
  source: "numbers" | "list";
  listId: string;
  pasted: PastedNumbers;
  text: string;
}): DuplicateGuard {
  const [choice, setChoice] = useState<DuplicateChoice>(initialChoice ?? { include: false, reason: "" });
  const question: DuplicatesQuestion | null =
    text === ""
      ? null
      : source === "list"
        ? listId
          ? { templateText: text, listId, ...languages }
          : null
        : pasted.check.phones.length > 0 && !pasted.tooMany
          ? { templateText: text, phones: pasted.check.phones }
          : null;
  const found = useDuplicates(
    question,
    source === "list"
      ? `list:${listId}:${text}:${languages ? JSON.stringify(languages) : ""}`
      : `numbers:${fingerprint(pasted.check.phones)}:${text}`,
  );
  const count = found?.recipients ?? 0;
  const phones = choice.include ? undefined : found?.phones;
  const resentPhones = useMemo(() => new Set(phones ?? []), [phones]);
  return {
    question,
    found,
    choice,
    setChoice,
    resent: choice.include ? 0 : count,
    reason: choice.include && count > 0 ? choice.reason.trim() || null : null,
    resentPhones,
  };
}
