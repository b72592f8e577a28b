"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { MessageRow } from "@/lib/batches/list-messages";
import { fetchJson } from "@/lib/http/fetch-json";

const FILTERS = [
  ["", "All"], ["PENDING", "Pending"], ["QUEUED", "Queued"], ["DELIVERED", "Delivered"], ["ANSWERED", "Answered"], ["FAILED", "Failed"],
  ["REJECTED", "Rejected"], ["UNKNOWN", "Unknown"], ["NO_RECEIPT", "No receipt yet"], ["CANCELLED", "Cancelled"], ["SUPPRESSED", "Suppressed"],
] as const;

type Page = { rows: (Omit<MessageRow, "submittedAt" | "receiptAt"> & { submittedAt: string | null; receiptAt: string | null })[]; next: string | null };

/** `version` changes whenever the batch's counters do, so the visible page is fetched again at once. */
export function RecipientTable({ batchId, live, version }: { batchId: string; live: boolean; version: string | null }) {
  const [filter, setFilter] = useState("");
  const [cursors, setCursors] = useState<string[]>(["0"]);
  const after = cursors.at(-1)!;
  const { data, error, isLoading } = useQuery({
    queryKey: ["messages", batchId, filter, after, version],
    placeholderData: (previous) => previous, // keep showing the rows while the next version loads
    queryFn: () => fetchJson<Page>(`/api/batches/${batchId}/messages?filter=${filter}&after=${after}`),
    refetchInterval: live ? 3_000 : false,
  });
  const exportHref = `/api/batches/${batchId}/export${filter ? `?filter=${filter}` : ""}`;

  return (
    <section aria-label="Recipients" className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold">Recipients</h2>
        <label className="text-sm">
          Show{" "}
          <select
            value={filter}
            onChange={(e) => {
              setFilter(e.target.value);
              setCursors(["0"]);
            }}
            className="rounded-md border border-slate-300 px-2 py-1"
          >
            {FILTERS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <a href={exportHref} className="ml-auto rounded-md border border-slate-300 px-3 py-1 text-sm">
          Export CSV
        </a>
      </div>
      {error ? <p className="text-sm text-red-700">{error.message}</p> : null}
      <table className="w-full rounded-lg bg-white text-sm shadow-sm">
        <thead className="bg-slate-100 text-left text-slate-600">
          <tr>
            <th className="px-3 py-2">Phone</th>
            <th className="px-3 py-2">State</th>
            <th className="px-3 py-2">Provider status</th>
            <th className="px-3 py-2">Operator</th>
            <th className="px-3 py-2">Receipt time</th>
            <th className="px-3 py-2">Detail</th>
          </tr>
        </thead>
        <tbody>
          {isLoading ? (
            <tr>
              <td colSpan={6} className="px-3 py-4 text-slate-500">
                Loading…
              </td>
            </tr>
          ) : data?.rows.length === 0 ? (
            <tr>
              <td colSpan={6} className="px-3 py-4 text-slate-500">
                No recipients here.
              </td>
            </tr>
          ) : (
            data?.rows.map((m) => (
              <tr key={m.id} className="border-t border-slate-100">
                <td className="px-3 py-1.5 font-mono">{m.phone}</td>
                <td className="px-3 py-1.5">{m.state.toLowerCase()}</td>
                <td className="px-3 py-1.5">{m.deliveryStatus ?? "—"}</td>
                <td className="px-3 py-1.5">{m.operator ?? "—"}</td>
                <td className="px-3 py-1.5 text-slate-600">{m.receiptAt ? new Date(m.receiptAt).toLocaleString() : "—"}</td>
                <td className="max-w-xs truncate px-3 py-1.5 text-slate-600" title={m.lastError ?? undefined}>
                  {m.lastError ?? ""}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      <div className="flex gap-2">
        <button className="rounded-md border border-slate-300 px-3 py-1 text-sm disabled:opacity-40" disabled={cursors.length === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
          Previous
        </button>
        <button className="rounded-md border border-slate-300 px-3 py-1 text-sm disabled:opacity-40" disabled={!data?.next} onClick={() => data?.next && setCursors((c) => [...c, data.next!])}>
          Next
        </button>
      </div>
    </section>
  );
}
