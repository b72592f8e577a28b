"use client";

// Uploading a list, on the Lists page and in Compose: pick a file or drop it here; two bars while it runs — bytes
// sent, then rows checked (the server checks as the bytes arrive, so the second follows the first) — and a cancel;
// then the report (list-report.tsx).
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { InputField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { Progress } from "@/components/ui/progress";
import { LIST_NAME_MAX } from "@/lib/lists/list-name";
import { InterruptedNotice } from "./interrupted-notice";
import { ListReport, type ListReportView } from "./list-report";
import { useUpload } from "./use-upload";
import { formatCount, formatNumber } from "@/lib/numbers/format";

const MB = 1024 * 1024;
const megabytes = (bytes: number) => formatNumber(bytes / MB, { maximumFractionDigits: 1 });

export function UploadList({
  title = "Upload a list",
  onUploaded,
  onUseEarlier,
}: {
  title?: string;
  /** Called with the report once the list is stored (Compose selects it). */
  onUploaded?: (report: ListReportView) => void;
  /** Compose: the same file was uploaded before, and the operator chooses that list instead. */
  onUseEarlier?: (id: string) => void;
}) {
  const router = useRouter();
  const upload = useUpload(
    (report) => {
      router.refresh();
      onUploaded?.(report);
    },
    () => router.refresh(),
  );
  const [dragging, setDragging] = useState(false);
  const [name, setName] = useState("");
  const { sending, file } = upload;
  // An XLSX file is unpacked once it has all arrived: its rows are checked after the bytes, not along with them.
  const workbook = file?.name.toLowerCase().endsWith(".xlsx") ?? false;

  return (
    <div className="space-y-6">
      <Card title={title}>
        <InterruptedNotice />
        <InputField
          label="List name"
          hint="How the list is shown in Compose and on the Lists page; the file's name when left empty. It can be changed later."
          fieldClassName="mb-4 max-w-sm"
          value={name}
          maxLength={LIST_NAME_MAX}
          placeholder="The file's name"
          disabled={sending !== null}
          onChange={(e) => setName(e.target.value)}
        />
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
            if (dropped) upload.send(dropped, { name });
          }}
          data-testid="upload-drop-zone"
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
              disabled={sending !== null}
              onChange={(e) => {
                const chosen = e.target.files?.[0];
                if (chosen) upload.send(chosen, { name });
                e.target.value = "";
              }}
            />
          </label>
        </div>
        {sending ? (
          <div className="mt-4 space-y-2" aria-live="polite" data-testid="upload-progress">
            <p className="text-sm">
              Sending {file?.name}: {megabytes(sending.loaded)} of {megabytes(sending.total)} MB (
              {Math.floor((sending.loaded / Math.max(sending.total, 1)) * 100)}%)
            </p>
            <Progress
              label="Bytes sent"
              total={sending.total}
              segments={[{ key: "sent", value: sending.loaded, className: "bg-sky-600", label: "Sent" }]}
            />
            <p className="text-sm" data-testid="upload-checked">
              {sending.checkedRows > 0
                ? `${formatCount(sending.checkedRows)} rows checked`
                : sending.loaded >= sending.total
                  ? "Checking the rows…"
                  : "Rows are checked as they arrive."}
            </p>
            <Progress
              label="Rows checked"
              // Checked bytes measure a CSV's progress; a workbook's rows are counted without a known end.
              total={workbook ? Math.max(sending.checkedRows, 1) : sending.total}
              segments={[
                {
                  key: "checked",
                  value: workbook ? sending.checkedRows : sending.checkedBytes,
                  className: "bg-emerald-600",
                  label: "Checked",
                },
              ]}
            />
            {upload.cancelling ? (
              <p className="text-sm" role="status">
                Cancelling: discarding the rows already stored…
              </p>
            ) : (
              <Button size="sm" onClick={upload.cancel}>
                Cancel
              </Button>
            )}
          </div>
        ) : null}
        {upload.error ? (
          <Notice tone="error" className="mt-4">
            {upload.error}
          </Notice>
        ) : null}
      </Card>
      {upload.report && file ? (
        <ListReport
          report={upload.report}
          onPhoneColumn={(column) => upload.send(file, { name: upload.report!.list.name, phoneColumn: column })}
          onUseEarlier={onUseEarlier}
        />
      ) : null}
    </div>
  );
}
