"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { TextLink } from "@/components/ui/text-link";
import { Time } from "@/components/time/time";
import { Button, ButtonAnchor } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/field";
import { Table, Td, Tr, numeric } from "@/components/ui/table";
import type { MessagePage } from "@/lib/batches/list-messages";
import { MESSAGE_FILTERS } from "@/lib/states/states";
import { fetchJson } from "@/lib/http/fetch-json";
import type { Serialized } from "@/lib/http/serialize";
import { languageChoices } from "@/lib/batches/language-filter";
import { LanguageFilterSelect } from "./language-filter-select";
import { ListColumnsChooser } from "./list-columns-chooser";
import { StateBadge } from "./state-badge";
import { CallOutcomeNote } from "./call-outcome-note";
import { useRecipientView } from "./use-recipient-view";
import { useShownColumns } from "./use-shown-columns";

const NONE: string[] = [];
const time = (value: string | null) => (value ? <Time at={value} seconds /> : "—");

/** `version` changes whenever the batch's counters do, so the visible page is fetched again at once. */
export function RecipientTable({
  batchId,
  live,
  version,
  xlsx,
  list,
  variants = null,
  canExport = true,
}: {
  batchId: string;
  live: boolean;
  version: string | null;
  xlsx: boolean;
  /** The export permission (lib/auth/permissions.ts canExport): without it no export button is offered. */
  canExport?: boolean;
  /** The list the batch was sent from: its columns can be shown beside each recipient. */
  list: { columns: string[]; phoneColumn: string } | null;
  /** The batch's variants as stored (Batch.variants): with any, the table can show one language's recipients. */
  variants?: unknown;
}) {
  const { filter, language, search, trail, after, show } = useRecipientView();
  const [shown, choose] = useShownColumns(batchId, list?.columns ?? NONE, list?.phoneColumn ?? "");
  const shownIndexes = shown.map((column) => list!.columns.indexOf(column));
  // A batch in several languages shows whose text each recipient was sent, and can show one language's only.
  const languages = languageChoices(variants);
  const languageName = (code: string | null) =>
    languages.find((choice) => choice.value === (code ?? "default"))?.label ?? code ?? "";
  const params = new URLSearchParams({ filter, q: search, ...(language ? { language } : {}) });
  const { data, error, isLoading, isPlaceholderData } = useQuery({
    queryKey: ["messages", batchId, filter, language, search, after, version],
    placeholderData: (previous) => previous, // keep showing the rows while the next version loads
    queryFn: () =>
      fetchJson<Serialized<MessagePage> & { languageCount?: number }>(
        `/api/batches/${batchId}/messages?${params}&after=${after}`,
      ),
    refetchInterval: live ? 3_000 : false,
  });
  const exportHref = `/api/batches/${batchId}/export?${params}`;

  return (
    <section aria-label="Recipients" className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold">Recipients</h2>
        <label className="flex items-center gap-2 text-sm">
          Show
          <Select value={filter} onChange={(e) => show({ filter: e.target.value })} className="w-auto py-1">
            <option value="">All</option>
            {MESSAGE_FILTERS.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </label>
        <LanguageFilterSelect
          choices={languages}
          value={language}
          count={language && !isPlaceholderData ? data?.languageCount : undefined}
          onChange={(code) => show({ language: code })}
        />
        <form
          role="search"
          className="flex items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            show({ search: String(new FormData(e.currentTarget).get("q") ?? "").trim() });
          }}
        >
          <label htmlFor="recipient-search" className="text-sm">
            Find
          </label>
          {/* Keyed by the URL's search: Back and Forward put their own text back in the box. */}
          <Input
            key={search}
            id="recipient-search"
            name="q"
            defaultValue={search}
            placeholder={list ? "name, phone or correlator" : "phone or correlator"}
            className="w-52 py-1"
          />
          <Button type="submit" size="sm">
            Search
          </Button>
          {search ? (
            <Button size="sm" onClick={() => show({ search: "" })}>
              Clear
            </Button>
          ) : null}
        </form>
        {list ? <ListColumnsChooser columns={list.columns} shown={shown} onChange={choose} /> : null}
        {canExport ? (
          <ButtonAnchor href={exportHref} size="sm" className="ml-auto">
            Export CSV
          </ButtonAnchor>
        ) : null}
        {canExport && xlsx ? (
          <ButtonAnchor href={`${exportHref}&format=xlsx`} size="sm">
            Export XLSX
          </ButtonAnchor>
        ) : null}
      </div>
      {canExport ? (
        <p className="text-xs text-slate-500" data-testid="export-hint">
          For Excel, export XLSX: phone numbers stay as typed. A CSV opened by double-click shows them as 2.54712E+11;
          open it with Data → From Text/CSV and set the phone column to Text.
        </p>
      ) : (
        <p className="text-xs text-slate-500" data-testid="export-hint">
          Exporting recipients needs the export permission: an administrator can allow it on the Users page.
        </p>
      )}
      {error ? <p className="text-sm text-red-700">{error.message}</p> : null}
      <Table
        cards
        aria-label="Recipients"
        columns={[
          "Phone",
          ...shown,
          languages.length > 0 && "Language",
          "State",
          "Provider status",
          "Operator",
          "Sent",
          "Receipt",
          numeric("Units"),
          "Detail",
        ]}
        empty={isLoading ? "Loading…" : data?.rows.length === 0 && "No recipients here."}
      >
        {data?.rows.map((m) => (
          <Tr key={m.id}>
            <Td className="font-mono" data-label="Phone">
              <TextLink href={`/messages/${m.id}`}>{m.phone}</TextLink>{" "}
              <Link
                href={`/numbers/${m.phone}`}
                className="text-xs text-slate-500 underline"
                aria-label={`Every message to ${m.phone}`}
              >
                all
              </Link>
            </Td>
            {shownIndexes.map((index, i) => (
              <Td
                key={shown[i]}
                className="max-w-48 truncate"
                title={m.cells?.[index] ?? undefined}
                data-label={shown[i]}
              >
                {m.cells?.[index] ?? ""}
              </Td>
            ))}
            {languages.length > 0 ? (
              <Td data-label="Language" data-testid="recipient-language">
                {languageName(m.language)}
              </Td>
            ) : null}
            <Td data-label="State" data-testid="recipient-state">
              <span className="flex flex-wrap items-center gap-1">
                <StateBadge state={m.state} />
                <CallOutcomeNote state={m.state} callState={m.callState} />
              </span>
            </Td>
            <Td data-label="Provider status">{m.deliveryStatus ?? "—"}</Td>
            <Td data-label="Operator">{m.operator ?? "—"}</Td>
            <Td className="whitespace-nowrap text-slate-600" data-label="Sent">
              {time(m.submittedAt)}
            </Td>
            <Td className="whitespace-nowrap text-slate-600" data-label="Receipt">
              {time(m.receiptAt)}
            </Td>
            <Td numeric data-label="Units">
              {m.smsUnits ?? "—"}
            </Td>
            <Td className="max-w-xs truncate text-slate-600" title={m.lastError ?? undefined} data-label="Detail">
              {m.lastError ?? ""}
            </Td>
          </Tr>
        ))}
      </Table>
      <div className="flex gap-2">
        <Button size="sm" disabled={trail.length === 0} onClick={() => show({ trail: trail.slice(0, -1) })}>
          Previous
        </Button>
        <Button size="sm" disabled={!data?.next} onClick={() => data?.next && show({ trail: [...trail, data.next] })}>
          Next
        </Button>
      </div>
    </section>
  );
}
