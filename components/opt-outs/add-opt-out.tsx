"use client";
// Adding to the opt-out list: one number in any form (with a reason), or a CSV/XLSX file of numbers sent as the raw
// body to POST /api/opt-outs/upload (the recipient-list import reads it), with what came of it.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useActionForm, type FormAction } from "@/components/ui/use-action-form";
import { ActionNotice } from "@/components/ui/action-notice";
import { SubmitButton } from "@/components/ui/submit-button";
import { InputField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { formatCount } from "@/lib/numbers/format";

type UploadResult = { rows: number; added: number; already: number; invalid: number; duplicates: number };

export function AddOptOut({ action }: { action: FormAction }) {
  const router = useRouter();
  const [values, setValues] = useState({ phone: "", reason: "" });
  const { state, formAction, errors } = useActionForm(action, () => setValues({ phone: "", reason: "" }));
  const [upload, setUpload] = useState<{ busy: boolean; result?: UploadResult; error?: string }>({ busy: false });

  async function send(file: File) {
    setUpload({ busy: true });
    const response = await fetch(`/api/opt-outs/upload?${new URLSearchParams({ filename: file.name })}`, {
      method: "POST",
      headers: { "content-type": "application/octet-stream" },
      body: file,
    }).catch(() => null);
    const body: unknown = await response?.json().catch(() => null);
    if (response?.status === 201 && body) {
      setUpload({ busy: false, result: body as UploadResult });
      router.refresh();
    } else {
      const message =
        body && typeof body === "object" && "message" in body ? String(body.message) : "The upload failed. Try again.";
      setUpload({ busy: false, error: message });
    }
  }

  return (
    <div className="space-y-4">
      <form action={formAction} className="grid gap-4 sm:grid-cols-3 sm:items-end">
        <InputField
          label="Number to opt out"
          errors={errors.phone}
          name="phone"
          required
          value={values.phone}
          onChange={(e) => setValues({ ...values, phone: e.target.value })}
          placeholder="0712 345 678"
        />
        <InputField
          label="Reason (optional)"
          errors={errors.reason}
          name="reason"
          maxLength={200}
          value={values.reason}
          onChange={(e) => setValues({ ...values, reason: e.target.value })}
        />
        <SubmitButton busy="Adding…" variant="primary" label="Opt out" />
        <ActionNotice result={state} className="sm:col-span-3" />
      </form>
      <InputField
        label="Opt-out file (CSV or XLSX)"
        hint="One number per row, in any column named like phone, or the column of numbers."
        type="file"
        accept=".csv,.txt,.xlsx,text/csv"
        disabled={upload.busy}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void send(file);
          e.target.value = "";
        }}
      />
      {upload.busy ? <Notice>Reading the file…</Notice> : null}
      {upload.error ? <Notice tone="error">{upload.error}</Notice> : null}
      {upload.result ? (
        <Notice tone="success">
          {formatCount(upload.result.added)} number(s) opted out from {formatCount(upload.result.rows)} row(s);{" "}
          {formatCount(upload.result.already)} were already opted out, {formatCount(upload.result.invalid)} invalid,{" "}
          {formatCount(upload.result.duplicates)} repeated.
        </Notice>
      ) : null}
    </div>
  );
}
