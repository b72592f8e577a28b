"use client";

// While an upload runs, leaving the page would end it (nothing is stored): the browser asks before a reload, a closed
// tab or a typed address (beforeunload), and a link inside the console asks too (its click is caught before Next's
// router sees it). The browser's Back button is not caught: the page returns, and says the upload was not stored.
import { useEffect } from "react";

export const LEAVE_QUESTION =
  "A list is still uploading. If you leave this page, the upload stops and nothing is stored. Leave anyway?";

export function useLeaveGuard(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set; its text is the browser's own.
      event.returnValue = "";
    };
    const click = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const anchor = (event.target as Element | null)?.closest?.("a[href]");
      if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute("download") || anchor.target === "_blank")
        return;
      if (new URL(anchor.href, location.href).origin !== location.origin) return;
      if (window.confirm(LEAVE_QUESTION)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener("beforeunload", beforeUnload);
    document.addEventListener("click", click, true);
    return () => {
      window.removeEventListener("beforeunload", beforeUnload);
      document.removeEventListener("click", click, true);
    };
  }, [active]);
}
