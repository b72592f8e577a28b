"use client";

// Sending a list file: the bytes go to POST /api/lists as the raw body (XMLHttpRequest, for its upload progress),
// with a key of the browser's choosing by which GET /api/lists/progress tells how many rows the server has
// checked so far (the server checks as the bytes arrive); cancellable; the report or the server's sentence at the end.
import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { fetchJson } from "@/lib/http/fetch-json";
import type { UploadProgress } from "@/lib/lists/import-progress";
import { forgetInFlight, rememberInFlight } from "./interrupted-upload";
import type { ListReportView } from "./list-report";
import { useLeaveGuard } from "./use-leave-guard";

export type ListState = {
  file: File | null;
  /** Cancel was pressed: the server is discarding the rows it had already stored (the sentence waits for that). */
  cancelling: boolean;
  /** While the request runs: bytes sent of the file's size, and what the server has checked. */
  sending: { loaded: number; total: number; checkedRows: number; checkedBytes: number } | null;
  report: ListReportView | null;
  error: string | null;
};

const POLL_MS = 500;

/** The upload's state once it is no longer being stored: null (discarded, or never begun) or READY. */
async function stateOnceSettled(key: string): Promise<UploadProgress["state"]> {
  for (;;) {
    const { state } = await fetchJson<UploadProgress>(`/api/lists/progress?key=${key}`);
    if (state !== "STORING") return state;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

export function useUpload(onUploaded?: (report: ListReportView) => void, onCancelledTooLate?: () => void) {
  const [state, setState] = useState<ListState>({
    file: null,
    cancelling: false,
    sending: null,
    report: null,
    error: null,
  });
  const [progressKey, setProgressKey] = useState<string | null>(null);
  const request = useRef<XMLHttpRequest | null>(null);
  /** Set when the page is being left: the request ends with it, and the next page says so (interrupted-upload.ts). */
  const leaving = useRef(false);

  const progress = useQuery({
    queryKey: ["upload-progress", progressKey],
    queryFn: ({ signal }) => fetchJson<UploadProgress>(`/api/lists/progress?key=${progressKey}`, { signal }),
    enabled: progressKey !== null,
    refetchInterval: POLL_MS,
    gcTime: 0,
  });

  function finish(next: Partial<ListState>) {
    if (!leaving.current) forgetInFlight();
    request.current = null;
    setProgressKey(null);
    setState((s) => ({ ...s, sending: null, cancelling: false, ...next }));
  }

  /** After Cancel: "nothing was stored" is said once the server has removed what it had stored, not before. */
  async function finishCancelled(key: string) {
    setState((s) => ({ ...s, cancelling: true }));
    try {
      const state = await stateOnceSettled(key);
      finish({
        error:
          state === "READY"
            ? "The whole file had been stored before Cancel reached Tuma: the list is saved below; delete it there if you do not want it."
            : "Upload cancelled; nothing was stored.",
      });
      if (state === "READY") onCancelledTooLate?.();
    } catch {
      finish({
        error:
          "Upload cancelled. Tuma could not confirm that the rows already read were discarded; check the saved lists.",
      });
    }
  }

  function send(file: File, options: { name?: string; phoneColumn?: string } = {}) {
    const { name, phoneColumn } = options;
    // Checked again with another phone column: the new list replaces the one just stored (the server removes it).
    const recheckOf = phoneColumn ? state.report?.list.id : undefined;
    const key = crypto.randomUUID();
    setProgressKey(key);
    rememberInFlight({ progressKey: key, filename: file.name });
    leaving.current = false;
    window.addEventListener("pagehide", () => (leaving.current = true), { once: true });
    setState({
      file,
      cancelling: false,
      sending: { loaded: 0, total: file.size, checkedRows: 0, checkedBytes: 0 },
      report: null,
      error: null,
    });
    const xhr = new XMLHttpRequest();
    request.current = xhr;
    const params = new URLSearchParams({
      filename: file.name,
      progressKey: key,
      ...(name?.trim() ? { name: name.trim() } : {}),
      ...(phoneColumn ? { phoneColumn } : {}),
      ...(recheckOf ? { replaces: recheckOf } : {}),
    });
    xhr.open("POST", `/api/lists?${params}`);
    xhr.setRequestHeader("content-type", "application/octet-stream");
    xhr.upload.onprogress = (event) =>
      setState((s) =>
        s.sending ? { ...s, sending: { ...s.sending, loaded: event.loaded, total: event.total || file.size } } : s,
      );
    xhr.onload = () => {
      const body = (() => {
        try {
          return JSON.parse(xhr.responseText) as ListReportView & { message?: string };
        } catch {
          return null;
        }
      })();
      if (xhr.status === 201 && body) {
        finish({ report: body });
        onUploaded?.(body);
      } else finish({ error: body?.message ?? `The upload failed (${xhr.status}).` });
    };
    xhr.onerror = () => finish({ error: "The connection was lost during the upload; nothing was stored. Try again." });
    xhr.onabort = () => {
      // Leaving the page: the next page says what happened (interrupted-upload.ts).
      if (leaving.current) finish({});
      else void finishCancelled(key);
    };
    xhr.send(file);
  }

  // Leaving by a link inside the console: the upload stops (as a reload's does), and Lists says what became of it.
  useLeaveGuard(state.sending !== null, progressKey, () => {
    leaving.current = true;
    request.current?.abort();
  });
  const checked = progress.data?.state ? progress.data : null;
  const sending = state.sending
    ? { ...state.sending, checkedRows: checked?.rows ?? 0, checkedBytes: checked?.bytes ?? 0 }
    : null;
  return { ...state, sending, send, cancel: () => request.current?.abort() };
}
