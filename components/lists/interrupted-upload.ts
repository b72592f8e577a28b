"use client";

// An upload the page was left in the middle of (a reload, a link, a closed tab): remembered in the tab's
// sessionStorage while it runs, so the page that comes next can say what became of it — the server stores nothing of
// an upload whose browser went away, and deletes what it had stored (or its sweep does, when its process died).
const KEY = "tuma.upload-in-flight";

export type InFlight = { progressKey: string; filename: string };

export function rememberInFlight(upload: InFlight): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(upload));
  } catch {
    // Storage refused (private mode, quota): the guard still asks before leaving.
  }
}

export function forgetInFlight(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {}
}

export function inFlightLeft(): InFlight | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<InFlight>) : null;
    return parsed && typeof parsed.progressKey === "string" && typeof parsed.filename === "string"
      ? { progressKey: parsed.progressKey, filename: parsed.filename }
      : null;
  } catch {
    return null;
  }
}
