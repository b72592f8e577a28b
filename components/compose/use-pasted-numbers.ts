"use client";
// Pasted numbers as the plan needs them, while they are typed: checked in the browser with the server's own rules
// (lib/recipients/check-pasted.ts) — valid, invalid with their lines, repeated — and, once typing pauses, the distinct
// valid numbers asked of the opt-out list (POST /api/compose/opted-out), so the plan subtracts and names them. A
// 100,000-number paste is checked off the typing path (useDeferredValue) and asked about once per distinct set.
import { useQuery } from "@tanstack/react-query";
import { useDeferredValue, useMemo } from "react";
import { postJson } from "@/lib/http/fetch-json";
import { checkPasted, type PastedCheck } from "@/lib/recipients/check-pasted";
import { MAX_PASTED_NUMBERS } from "@/lib/recipients/split-numbers";
import { useSettled } from "./use-settled";

export type OptedOutNumber = { phone: string; line: number };

export type PastedNumbers = {
  check: PastedCheck;
  /** The check is of text typed a moment ago (a long paste is still being read). */
  stale: boolean;
  tooMany: boolean;
  /** The valid numbers on the opt-out list, with their lines; null until known for the numbers typed now. */
  optedOut: OptedOutNumber[] | null;
  error: Error | null;
};

export function usePastedNumbers(text: string, enabled: boolean): PastedNumbers {
  const deferred = useDeferredValue(text);
  const check = useMemo(() => checkPasted(deferred), [deferred]);
  const tooMany = check.typed > MAX_PASTED_NUMBERS;
  const settled = useSettled(check);
  const key = useMemo(() => fingerprint(settled.phones), [settled]);
  const asked = enabled && !tooMany && settled.phones.length > 0;
  const query = useQuery({
    queryKey: ["opted-out", key],
    queryFn: ({ signal }) =>
      postJson<{ optedOut: string[] }>("/api/compose/opted-out", { phones: settled.phones }, { signal }),
    enabled: asked,
    staleTime: 30_000,
  });
  const current = settled === check && deferred === text;
  const optedOut = useMemo(() => {
    if (!query.data) return null;
    const found = new Set(query.data.optedOut);
    return check.phones.flatMap((phone, i) => (found.has(phone) ? [{ phone, line: check.lines[i]! }] : []));
  }, [query.data, check]);
  return {
    check,
    stale: deferred !== text,
    tooMany,
    optedOut: !asked && check.phones.length === 0 ? [] : current && !query.isFetching ? optedOut : null,
    error: query.error,
  };
}

/** A cache key for a list of up to 100,000 numbers without hashing the whole JSON of it on every render. */
export function fingerprint(phones: readonly string[]): string {
  let hash = 0x811c9dc5;
  for (const phone of phones) {
    for (let i = 0; i < phone.length; i++) hash = Math.imul(hash ^ phone.charCodeAt(i), 0x01000193);
    hash = Math.imul(hash ^ 10, 0x01000193);
  }
  return `${phones.length}:${(hash >>> 0).toString(36)}:${phones[0] ?? ""}:${phones.at(-1) ?? ""}`;
}
