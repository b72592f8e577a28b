"use client";

import { useActionState, useState } from "react";
import type { ActionResult } from "@/lib/auth/action";

export type AccountFormValues = {
  id?: string;
  name: string;
  baseUrl: string;
  tokenLast4?: string;
  defaultSender: string;
  defaultOriginator: string;
  requestsPerSecond: number;
  batchSizeLimit: number;
  isDefault: boolean;
};

const field = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-1.5";

/** Every field controlled, so that a refused save keeps what was typed. The token is never shown, only replaced. */
export function AccountForm({ initial, action }: { initial: AccountFormValues; action: (previous: ActionResult | null, form: FormData) => Promise<ActionResult> }) {
  const [state, formAction, pending] = useActionState(action, null);
  const [values, setValues] = useState(initial);
  const [token, setToken] = useState("");
  const set = (name: keyof AccountFormValues) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [name]: e.target.type === "checkbox" ? e.target.checked : e.target.value }));
  const errors = state?.fieldErrors ?? {};
  const error = (name: string) => (errors[name] ? <span className="text-xs text-red-700">{errors[name]!.join(" ")}</span> : null);

  return (
    <form action={formAction} className="grid grid-cols-2 gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm">
      {values.id ? <input type="hidden" name="id" value={values.id} /> : null}
      <label className="font-medium">
        Name
        <input name="name" value={values.name} onChange={set("name")} className={field} />
        {error("name")}
      </label>
      <label className="font-medium">
        Base URL (with /api/v1)
        <input name="baseUrl" value={values.baseUrl} onChange={set("baseUrl")} className={`${field} font-mono`} />
        {error("baseUrl")}
      </label>
      <label className="font-medium">
        Bearer token
        <input
          name="token"
          type="password"
          autoComplete="off"
          value={token}
          onChange={(e) => setToken(e.target.value)}
          placeholder={values.tokenLast4 ? `…${values.tokenLast4} — leave empty to keep it` : "required"}
          className={`${field} font-mono`}
        />
        {error("token")}
      </label>
      <label className="font-medium">
        Default sender ID
        <input name="defaultSender" value={values.defaultSender} onChange={set("defaultSender")} className={field} />
        {error("defaultSender")}
      </label>
      <label className="font-medium">
        Default originator number
        <input name="defaultOriginator" value={values.defaultOriginator} onChange={set("defaultOriginator")} className={field} />
        {error("defaultOriginator")}
      </label>
      <div className="grid grid-cols-2 gap-3">
        <label className="font-medium">
          Requests/s
          <input name="requestsPerSecond" type="number" min={1} value={values.requestsPerSecond} onChange={set("requestsPerSecond")} className={field} />
        </label>
        <label className="font-medium">
          Batch size
          <input name="batchSizeLimit" type="number" min={1} max={100} value={values.batchSizeLimit} onChange={set("batchSizeLimit")} className={field} />
        </label>
      </div>
      <label className="col-span-2 flex items-center gap-2">
        <input name="isDefault" type="checkbox" checked={values.isDefault} onChange={set("isDefault")} /> Default account for new batches
      </label>
      <div className="col-span-2 flex items-center gap-3">
        <button type="submit" disabled={pending} className="rounded-md bg-sky-700 px-3 py-1.5 font-medium text-white disabled:opacity-60">
          {pending ? "Saving…" : values.id ? "Save account" : "Add account"}
        </button>
        <p role="status" aria-live="polite" className={state?.ok === false ? "text-red-700" : "text-slate-600"}>
          {state?.message}
        </p>
      </div>
    </form>
  );
}
