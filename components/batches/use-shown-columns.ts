"use client";
// Which of a list's columns the recipients table of a batch shows, remembered per batch in this browser's local
// storage (a choice of view, not of data: nothing to share, and the URL stays the filter's and the search's). Read
// through useSyncExternalStore, so the server's render (no storage) and the browser's first render agree and the
// stored choice follows at once; other tabs follow through the storage event.
import { useCallback, useMemo, useSyncExternalStore } from "react";

const KEY = (batchId: string) => `tuma.batch-columns.${batchId}`;
const CHANGED = "tuma-batch-columns";
/** Shown until the operator chooses: the first few columns other than the phone (already the table's first). */
const SHOWN_FIRST = 3;

function subscribe(notify: () => void): () => void {
  window.addEventListener("storage", notify);
  window.addEventListener(CHANGED, notify);
  return () => {
    window.removeEventListener("storage", notify);
    window.removeEventListener(CHANGED, notify);
  };
}

export function useShownColumns(
  batchId: string,
  columns: readonly string[],
  phoneColumn: string,
): [string[], (shown: string[]) => void] {
  const stored = useSyncExternalStore(
    subscribe,
    () => window.localStorage.getItem(KEY(batchId)),
    () => null,
  );
  const shown = useMemo(() => {
    if (stored !== null) {
      try {
        const chosen = JSON.parse(stored) as unknown;
        if (Array.isArray(chosen)) return columns.filter((column) => chosen.includes(column));
      } catch {
        // An unreadable choice is forgotten: the default below.
      }
    }
    return columns.filter((column) => column !== phoneColumn).slice(0, SHOWN_FIRST);
  }, [stored, columns, phoneColumn]);
  const choose = useCallback(
    (next: string[]) => {
      window.localStorage.setItem(KEY(batchId), JSON.stringify(next));
      window.dispatchEvent(new Event(CHANGED));
    },
    [batchId],
  );
  return [shown, choose];
}
