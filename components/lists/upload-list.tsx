"use client";

// Uploading a list: pick a file or drop it here; the bytes go to POST /api/uploads as the raw body (XMLHttpRequest,
// for its upload progress), with a cancel; then the report — counts, the phone column (changeable: the same file is
// sent again with the chosen column), the first lines of each group and their downloads.
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { Button, ButtonAnchor } from "@/components/ui/button";
import { Card, Stat } from "@/components/ui/card";
import { Field, Select } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { Progress } from "@/components/ui/progress";
import { EmptyRow, Table, Td, Th, THead, Tr } from "@/components/ui/table";

type Sample = { row: number; value: string; reason: string };
type Report = {
  upload: {
    id: string;
    filename: string;
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
  { key: "invalid", title: "Invalid numbers", count: (r: Report) => r.upload.invalid },
  { key: "duplicates", title: "Duplicates (kept once)", count: (r: Report) => r.upload.duplicates },
  { key: "opted-out", title: "Opted out (stored, never sent to)", count: (r: Report) => r.upload.optedOut },
] as const;

export function UploadList() {
  const router = useRouter();
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState<{ loaded: number; total: number } | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const request = useRef<XMLHttpRequest | null>(null);

  function send(chosen: File, phoneColumn?: string) {
    setFile(chosen);
    setError(null);
    setReport(null);
    setSent({ loaded: 0, total: chosen.size });
    const xhr = new XMLHttpRequest();
    request.current = xhr;
    const params = new URLSearchParams({ filename: chosen.name, ...(phoneColumn ? { phoneColumn } : {}) });
    xhr.open("POST", `/api/uploads?${params}`);
    xhr.setRequestHeader("content-type", "application/octet-stream");
    xhr.upload.onprogress = (event) => setSent({ loaded: event.loaded, total: event.total || chosen.size });
    xhr.onload = () => {
      request.current = null;
      setSent(null);
      const body = (() => {
        try {
          return JSON.parse(xhr.responseText) as Report & { message?: string };
        } catch {
          return null;
        }
      })();
      if (xhr.status === 201 && body) {
        setReport(body);
        router.refresh();
      } else setError(body?.message ?? `The upload failed (${xhr.status}).`);
    };
    xhr.onerror = () => {
      request.current = null;
      setSent(null);
      setError("The connection was lost during the upload; nothing was stored. Try again.");
    };
    xhr.onabort = () => {
      request.current = null;
      setSent(null);
      setError("Upload cancelled; nothing was stored.");
    };
    xhr.send(chosen);
  }

  return (
    <div className="space-y-6">
      <Card title="Upload a list">
        <div
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e) => {
            e.preventDefault();
            setDragging(false);
            const dropped = e.dataTransfer.files[0];
            if (dropped) send(dropped);
          }}
          className={`rounded-lg border-2 border-dashed p-6 text-center ${dragging ? "border-sky-500 bg-sky-50" : "border-slate-300"}`}
        >
          <p className="mb-3 text-slate-600">Drop a CSV or XLSX file here (up to 1,000,000 rows, 100 MB), or</p>
          <label className="inline-block cursor-pointer rounded-md border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-50">
            Choose a file
            <input
              type="file"
              className="sr-only"
              accept=".csv,.txt,.tsv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-label="List file"
              onChange={(e) => {
                const chosen = e.target.files?.[0];
                if (chosen) send(chosen);
                e.target.value = "";
              }}
            />
          </label>
        </div>
        {sent ? (
          <div className="mt-4 space-y-2" aria-live="polite">
            <p className="text-sm">
              Sending {file?.name}: {Math.round((sent.loaded / Math.max(sent.total, 1)) * 100)}%
              {sent.loaded >= sent.total ? " — checking the rows…" : ""}
            </p>
            <Progress
              total={sent.total}
              segments={[{ key: "sent", value: sent.loaded, className: "bg-sky-600", label: "Sent" }]}
            />
            <Button size="sm" onClick={() => request.current?.abort()}>
              Cancel
            </Button>
          </div>
        ) : null}
        {error ? (
          <Notice tone="error" className="mt-4">
            {error}
          </Notice>
        ) : null}
      </Card>
      {report && file ? <UploadReport report={report} onPhoneColumn={(column) => send(file, column)} /> : null}
    </div>
  );
}

function UploadReport({ report, onPhoneColumn }: { report: Report; onPhoneColumn: (column: string) => void }) {
  const u = report.upload;
  const how = [
    u.format === "xlsx"
      ? `sheet "${u.report.sheet}"${(u.report.sheets?.length ?? 0) > 1 ? ` (of ${u.report.sheets!.map((s) => `"${s}"`).join(", ")})` : ""}`
      : null,
    u.report.encoding ? `${u.report.encoding.toUpperCase()}` : null,
    u.report.delimiter ? `separated by ${u.report.delimiter === "\t" ? "tabs" : `"${u.report.delimiter}"`}` : null,
  ].filter(Boolean);
  return (
    <Card title={`Report: ${u.filename}`} data-testid="upload-report">
      <p className="mb-3 text-sm text-slate-600">
        Read as {how.join(", ")}. Placeholders: {u.columns.map((c) => `{{${c}}}`).join(" ")}
      </p>
      <dl className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-5">
        <Stat label="Rows read" value={u.rows.toLocaleString()} testId="report-rows" />
        <Stat label="Valid" value={u.valid.toLocaleString()} testId="report-valid" />
        <Stat label="Invalid" value={u.invalid.toLocaleString()} testId="report-invalid" />
        <Stat label="Duplicates" value={u.duplicates.toLocaleString()} testId="report-duplicates" />
        <Stat label="Opted out" value={u.optedOut.toLocaleString()} testId="report-opted-out" />
      </dl>
      {u.report.longRows > 0 ? (
        <Notice tone="warning">
          {u.report.longRows.toLocaleString()} row(s) have more cells than the header; the extra cells were not kept.
        </Notice>
      ) : null}
      <Field
        label="Phone column"
        hint="Guessed from the header and the values; choose another to check the file again."
        className="my-4 max-w-xs"
      >
        {(ids) => (
          <Select {...ids} value={u.phoneColumn} onChange={(e) => onPhoneColumn(e.target.value)}>
            {u.columns.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {GROUPS.map((group) =>
        group.count(report) > 0 ? (
          <section key={group.key} className="mt-4 space-y-2">
            <div className="flex items-center gap-3">
              <h3 className="font-medium">
                {group.title}: {group.count(report).toLocaleString()}
              </h3>
              <ButtonAnchor size="sm" href={`/api/uploads/${u.id}/report?group=${group.key}`} download>
                Download {group.key} CSV
              </ButtonAnchor>
            </div>
            <Table>
              <THead>
                <Th numeric>Row</Th>
                <Th>Value</Th>
                <Th>Reason</Th>
              </THead>
              <tbody>
                {report.samples[group.key].length === 0 ? <EmptyRow columns={3}>None.</EmptyRow> : null}
                {report.samples[group.key].map((s) => (
                  <Tr key={s.row}>
                    <Td numeric>{s.row.toLocaleString()}</Td>
                    <Td className="font-mono">{s.value}</Td>
                    <Td>{s.reason}</Td>
                  </Tr>
                ))}
              </tbody>
            </Table>
          </section>
        ) : null,
      )}
    </Card>
  );
}
