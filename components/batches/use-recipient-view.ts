"use client";
// What a batch's recipients table shows — the state filter, the language, the search and the page — lives in the page's URL, not in
// component state: reload, Back/Forward and a copied link all show the same view (issue 19). Each change is a history
// entry, like the GET forms of the Audit, Receipts and Opt-outs pages.
//
// Pages are keyset cursors (lib/batches/list-messages.ts), so "page 3" is the trail of cursors that led to it:
// `after=A&after=B`, the last one the page shown. Previous drops the last; a fresh link keeps its Previous.
import { usePathname, useRouter, useSearchParams } from "next/navigation";

/** A trail longer than this (a hand-made URL) keeps only its end: the page asked for, and Previous from there. */
const TRAIL_MAX = 100;

export type RecipientView = {
  filter: string;
  /** `default` or a variant's language code (lib/batches/language-filter.ts); "" for every language. */
  language: string;
  search: string;
  /** The cursors of the pages before this one's and this one's own; empty on the first page. */
  trail: string[];
  after: string;
  show: (change: { filter?: string; language?: string; search?: string; trail?: string[] }) => void;
};

export function useRecipientView(): RecipientView {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const filter = params.get("filter") ?? "";
  const language = params.get("language") ?? "";
  const search = params.get("q") ?? "";
  const trail = params.getAll("after").slice(-TRAIL_MAX);
  const show: RecipientView["show"] = (change) => {
    const next = new URLSearchParams(params);
    const set = (name: string, value: string) => (value ? next.set(name, value) : next.delete(name));
    set("filter", change.filter ?? filter);
    set("language", change.language ?? language);
    set("q", change.search ?? search);
    next.delete("after");
    // A new filter, language or search starts again at its first page.
    const same = change.filter === undefined && change.language === undefined && change.search === undefined;
    for (const cursor of same ? (change.trail ?? []) : []) next.append("after", cursor);
    const query = next.toString();
    router.push(query ? `${pathname}?${query}` : pathname, { scroll: false });
  };
  return { filter, language, search, trail, after: trail.at(-1) ?? "0", show };
}
