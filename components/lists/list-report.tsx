"use client";

// An upload's check report, before anything is sent: counts, how the file was read, the phone column (changeable:
// the same file is checked again with the chosen column), the first lines of each group and their downloads.
import { ButtonAnchor } from "@/components/ui/button";
import { Card, Stat } from "@/components/ui/card";
import { SelectField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { Table, Td, Tr, numeric } from "@/components/ui/table";
import { SameFileNotice, type SameFile } from "./same-file-notice";
import { formatCount } from "@/lib/numbers/format";

type Sample = { row: number; value: string; reason: string };
export type ListReportView = {
  list: {
    id: string;
    filename: string;
    name: string;
    /** The same file, uploaded before (lib/lists/same-file.ts). */
    sameFile: SameFile | null;
    format: string;
    columns: string[];
    phoneColumn: string;
    rows: number;
    valid: number;
    invalid: number;
    duplicates: number;
    optedOut: number;
    report: { sheet?: string; sheets?: string[]; delimiter?: string; encoding?: string; longRows: number };
  };
  samples: Record<"invalid" | "duplicates" | "opted-out", Sample[]>;
};

const GROUPS = [
  { key: "invalid", title: "Invalid numbers", count: (r: ListReportView) => r.list.invalid },
  { key: "duplicates", title: "Duplicates (kept once)", count: (r: ListReportView) => r.list.duplicates },
  { key: "opted-out", title: "Opted out (stored, never sent to)", count: (r: ListReportView) => r.list.optedOut },
] as const;

export function ListReport({
  report,
  onPhoneColumn,
  onUseEarlier,
}: {
  report: ListReportView;
  onPhoneColumn: (column: string) => void;
  /** In Compose: choose the earlier copy of the same file instead of this one. */
  onUseEarlier?: ((id: string) => void) | undefined;
}) {
  const u = report.list;
  const how = [
    u.format === "xlsx"
      ? `sheet "${u.report.sheet}"${(u.report.sheets?.length ?? 0) > 1 ? ` (of ${u.report.sheets!.map((s) => `"${s}"`).join(", ")})` : ""}`
      : null,
    u.report.encoding ? `${u.report.encoding.toUpperCase()}` : null,
    u.report.delimiter ? `separated by ${u.report.delimiter === "\t" ? "tabs" : `"${u.report.delimiter}"`}` : null,
  ].filter(Boolean);
  return (
    <Card title={`Report: ${u.name}`} data-testid="upload-report">
      {u.sameFile ? <SameFileNotice key={u.id} earlier={u.sameFile} onUse={onUseEarlier} /> : null}
      <p className="mb-3 text-sm text-slate-600">
        {u.filename !== u.name ? `From ${u.filename}. ` : ""}Read as {how.join(", ")}. Placeholders:{" "}
        {u.columns.map((c) => `{{${c}}}`).join(" ")}
      </p>
      <dl className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-5">
        <Stat label="Rows read" value={formatCount(u.rows)} testId="report-rows" />
        <Stat label="Valid" value={formatCount(u.valid)} testId="report-valid" />
        <Stat label="Invalid" value={formatCount(u.invalid)} testId="report-invalid" />
        <Stat label="Duplicates" value={formatCount(u.duplicates)} testId="report-duplicates" />
        <Stat label="Opted out" value={formatCount(u.optedOut)} testId="report-opted-out" />
      </dl>
      {u.report.longRows > 0 ? (
        <Notice tone="warning">
          {formatCount(u.report.longRows)} row(s) have more cells than the header; the extra cells were not kept.
        </Notice>
      ) : null}
      <SelectField
        label="Phone column"
        hint="Guessed from the header and the values; choose another to check the file again."
        fieldClassName="my-4 max-w-xs"
        value={u.phoneColumn}
        onChange={(e) => onPhoneColumn(e.target.value)}
      >
        {u.columns.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </SelectField>
      {GROUPS.map((group) =>
        group.count(report) > 0 ? (
          <section key={group.key} className="mt-4 space-y-2">
            <div className="flex items-center gap-3">
              <h3 className="font-medium">
                {group.title}: {formatCount(group.count(report))}
              </h3>
              <ButtonAnchor size="sm" href={`/api/lists/${u.id}/report?group=${group.key}`} download>
                Download {group.key} CSV
              </ButtonAnchor>
            </div>
            <Table
              columns={[numeric("Row"), "Value", "Reason"]}
              empty={report.samples[group.key].length === 0 && "None."}
            >
              {report.samples[group.key].map((s) => (
                <Tr key={s.row}>
                  <Td numeric>{formatCount(s.row)}</Td>
                  <Td className="font-mono">{s.value}</Td>
                  <Td>{s.reason}</Td>
                </Tr>
              ))}
            </Table>
          </section>
        ) : null,
      )}
    </Card>
  );
}
