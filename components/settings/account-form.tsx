"use client";

import { useState, type ChangeEvent } from "react";
import { useActionForm, type FormAction } from "@/components/ui/use-action-form";
import { ActionNotice } from "@/components/ui/action-notice";
import { SubmitButton } from "@/components/ui/submit-button";
import { InputField, TextareaField } from "@/components/ui/field";
import { SENDER_RULE } from "@/lib/provider/wire/schemas";

export type AccountFormValues = {
  id?: string;
  name: string;
  baseUrl: string;
  tokenLast4?: string;
  senders: string[];
  defaultOriginator: string;
  requestsPerSecond: number;
  batchSizeLimit: number;
  isDefault: boolean;
  unitPrice: string | null;
  priceCurrency: string;
};

/** Every field controlled, so that a refused save keeps what was typed. The token is never shown, only replaced. */
export function AccountForm({ initial, action }: { initial: AccountFormValues; action: FormAction }) {
  const { state, formAction, errors } = useActionForm(action);
  const [values, setValues] = useState(initial);
  const [token, setToken] = useState("");
  const [senders, setSenders] = useState(initial.senders.join("\n"));
  const set = (name: Exclude<keyof AccountFormValues, "senders">) => (e: ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [name]: e.target.type === "checkbox" ? e.target.checked : e.target.value }));
  const baseUrlChanged = Boolean(values.id) && values.baseUrl !== initial.baseUrl;

  return (
    <form
      action={formAction}
      className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:grid-cols-2"
    >
      {values.id ? <input type="hidden" name="id" value={values.id} /> : null}
      <InputField label="Name" errors={errors.name} name="name" value={values.name} onChange={set("name")} />
      <InputField
        label="Base URL (with /api/v1)"
        errors={errors.baseUrl}
        name="baseUrl"
        value={values.baseUrl}
        onChange={set("baseUrl")}
        className="font-mono"
      />
      <InputField
        label="Bearer token"
        errors={errors.token}
        hint={
          baseUrlChanged
            ? "The base URL changed: enter the token for the new address."
            : values.tokenLast4
              ? "Leave empty to keep the current token."
              : undefined
        }
        name="token"
        type="password"
        autoComplete="off"
        value={token}
        onChange={(e) => setToken(e.target.value)}
        placeholder={values.tokenLast4 && !baseUrlChanged ? `…${values.tokenLast4}` : "required"}
        className="font-mono"
      />
      <TextareaField
        label="Sender IDs"
        hint={`The sender IDs registered with the provider for this account, one per line: each ${SENDER_RULE}. Compose offers only these; the first is preselected.`}
        errors={errors.senders ?? errors.defaultSender}
        name="senders"
        rows={3}
        value={senders}
        onChange={(e) => setSenders(e.target.value)}
        className="font-mono"
      />
      <InputField
        label="Default originator number"
        errors={errors.defaultOriginator}
        name="defaultOriginator"
        value={values.defaultOriginator}
        onChange={set("defaultOriginator")}
      />
      <div className="grid grid-cols-2 gap-3">
        <InputField
          label="Requests/s"
          errors={errors.requestsPerSecond}
          name="requestsPerSecond"
          type="number"
          min={1}
          value={values.requestsPerSecond}
          onChange={set("requestsPerSecond")}
        />
        <InputField
          label="Batch size"
          errors={errors.batchSizeLimit}
          name="batchSizeLimit"
          type="number"
          min={1}
          max={100}
          value={values.batchSizeLimit}
          onChange={set("batchSizeLimit")}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <InputField
          label="Price per SMS unit (optional)"
          hint="Compose's review then shows what a batch costs."
          errors={errors.unitPrice}
          name="unitPrice"
          inputMode="decimal"
          value={values.unitPrice ?? ""}
          onChange={set("unitPrice")}
          placeholder="0.80"
        />
        <InputField
          label="Currency"
          errors={errors.priceCurrency}
          name="priceCurrency"
          maxLength={3}
          value={values.priceCurrency}
          onChange={set("priceCurrency")}
        />
      </div>
      <label className="flex items-center gap-2 sm:col-span-2">
        <input name="isDefault" type="checkbox" checked={values.isDefault} onChange={set("isDefault")} /> Default
        account for new batches
      </label>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <SubmitButton busy="Saving…" variant="primary" size="sm" label={values.id ? "Save account" : "Add account"} />
        <ActionNotice result={state} />
      </div>
    </form>
  );
}
