"use client";
// Keeps Compose's draft in the browser as it is typed (compose-draft.ts): a moment after typing pauses — a 100,000-line
// paste is not serialised on every keystroke — and at once when the page is left (a reload, a tab closed: pagehide)
// or Compose is (Back to another page of the console unmounts it). While a batch is being sent nothing is saved and
// the draft is removed: the batch's page follows, and a refusal saves it again. A discarded draft is never saved again.
import { useEffect, useRef, useState } from "react";
import { isEmptyDraft, removeDraft, writeDraft, type Draft, type DraftKept } from "./compose-draft";

const PAUSE_MS = 400;

export function useDraftSaving(
  key: string | undefined,
  draft: Draft,
  sending: boolean,
): { kept: DraftKept; forget: () => void } {
  const [kept, setKept] = useState<DraftKept>("kept");
  const latest = useRef({ draft, sending });
  // Discarded: nothing is saved again by this form, not even as it unmounts.
  const forgotten = useRef(false);
  const save = useRef<() => void>(() => {});
  useEffect(() => {
    latest.current = { draft, sending };
  });
  useEffect(() => {
    if (!key) return;
    save.current = () => {
      const { draft: now, sending: away } = latest.current;
      if (forgotten.current) return;
      if (away || isEmptyDraft(now)) removeDraft(key);
      else setKept(writeDraft(key, now));
    };
    const flush = () => save.current();
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      flush();
    };
  }, [key]);
  useEffect(() => {
    if (!key) return;
    if (sending) {
      removeDraft(key);
      return;
    }
    const timer = window.setTimeout(() => save.current(), PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [key, draft, sending]);
  return {
    kept,
    forget: () => {
      forgotten.current = true;
      if (key) removeDraft(key);
    },
  };
}
