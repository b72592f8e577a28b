"use client";

// While an upload runs, leaving the page asks first, and says what leaving would actually do (issue 35: "Leave
// anyway? nothing is stored" — and then the list was saved). The browser asks before a reload, a closed tab or a typed
// address (beforeunload, in the browser's own words; the page that comes next says what became of the upload:
// interrupted-notice.tsx). A link inside the console is held (its click is caught before Next's router sees it) while
// the upload's real state is asked of the server: a list already saved is said to be saved, by name, and leaving
// keeps it; otherwise leaving stops the upload, which the server then drops, so "nothing is stored" is what happens.
// The browser's Back button is not caught: the page returns, and says what became of the upload.
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { fetchJson } from "@/lib/http/fetch-json";
import type { UploadProgress } from "@/lib/lists/import-progress";

export const LEAVE_QUESTION =
  "A list is still uploading. If you leave this page, the upload stops and nothing is stored. Leave anyway?";

export const savedQuestion = (name: string) =>
  `The list “${name}” is already saved: you will find it on the Lists page, and leaving keeps it. Leave this page?`;

/** `progressKey`: the running upload's key; `stop`: ends the upload as the page is left (nothing more is stored). */
export function useLeaveGuard(active: boolean, progressKey: string | null, stop: () => void): void {
  const router = useRouter();
  const current = useRef({ progressKey, stop });
  useEffect(() => {
    current.current = { progressKey, stop };
  });
  useEffect(() => {
    if (!active) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set; its text is the browser's own.
      event.returnValue = "";
    };
    const ask = async (href: string) => {
      const key = current.current.progressKey;
      const progress = key ? await fetchJson<UploadProgress>(`/api/lists/progress?key=${key}`).catch(() => null) : null;
      const saved = progress?.state === "READY" ? progress.list : undefined;
      if (!window.confirm(saved ? savedQuestion(saved.name) : LEAVE_QUESTION)) return;
      if (!saved) current.current.stop();
      router.push(href);
    };
    const click = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const anchor = (event.target as Element | null)?.closest?.("a[href]");
      if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute("download") || anchor.target === "_blank")
        return;
      const url = new URL(anchor.href, location.href);
      if (url.origin !== location.origin) return;
      event.preventDefault();
      event.stopPropagation();
      void ask(url.pathname + url.search + url.hash);
    };
    window.addEventListener("beforeunload", beforeUnload);
    document.addEventListener("click", click, true);
    return () => {
      window.removeEventListener("beforeunload", beforeUnload);
      document.removeEventListener("click", click, true);
    };
  }, [active, router]);
}
