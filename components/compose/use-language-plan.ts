"use client";
// The planner for a list in several languages (POST /api/compose/languages, lib/batches/plan-languages.ts), asked like
// the list's own planner (use-plan.ts): once typing pauses, an overtaken question aborted (which stops the server's
// pass over the list), answers cached per question. While a changed question is asked, the last answer stays on
// screen (marked pending) so the mapping table does not vanish under the operator's pointer.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { LanguagesPlan } from "@/lib/batches/plan-languages";
import { postJson } from "@/lib/http/fetch-json";
import { submittedVariants, type Languages } from "./languages";
import { useSettled } from "./use-settled";

export type LanguagePlanState = {
  /** The answer for exactly what is typed now; null while it is asked. */
  plan: LanguagesPlan | null;
  /** The last answer, possibly for an earlier question: what the mapping table shows while a new one is asked. */
  shown: LanguagesPlan | null;
  pending: boolean;
  error: Error | null;
};

export function useLanguagePlan({
  enabled,
  listId,
  kind,
  text,
  languages,
}: {
  enabled: boolean;
  listId: string;
  kind: "SMS" | "VOICE";
  text: string;
  languages: Languages;
}): LanguagePlanState {
  const question = JSON.stringify({
    listId,
    kind,
    templateText: text,
    // The planner counts texts: no voice language.
    variants: submittedVariants(languages.variants, kind, undefined),
    languageColumn: languages.column,
    languageMapping: languages.mapping,
  });
  const settled = useSettled(question);
  const ready =
    enabled &&
    listId !== "" &&
    languages.column !== "" &&
    text.trim() !== "" &&
    languages.variants.every((variant) => variant.text.trim() !== "");
  const query = useQuery({
    queryKey: ["compose-languages", settled],
    queryFn: ({ signal }) => postJson<LanguagesPlan>("/api/compose/languages", JSON.parse(settled), { signal }),
    enabled: ready,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    gcTime: 10 * 60_000,
  });
  const current = ready && settled === question && !query.isPlaceholderData && !query.isFetching;
  return {
    plan: current ? (query.data ?? null) : null,
    shown: ready ? (query.data ?? null) : null,
    pending: ready && !current,
    error: ready && settled === question ? query.error : null,
  };
}
