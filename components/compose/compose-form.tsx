"use client";

import { useActionState, useMemo, useState } from "react";
import type { ActionResult } from "@/lib/auth/action";
import { smsEncoding, smsSegments } from "@/lib/provider/sms-units";

type Account = { id: string; name: string; defaultSender: string; defaultOriginator: string };

const field = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2";

export function ComposeForm({ accounts, action }: { accounts: Account[]; action: (previous: ActionResult | null, form: FormData) => Promise<ActionResult> }) {
  const [state, formAction, pending] = useActionState(action, null);
  const [kind, setKind] = useState<"SMS" | "VOICE">("SMS");
  const [message, setMessage] = useState("");
  const [recipients, setRecipients] = useState("");
  const [accountId, setAccountId] = useState(accounts[0]?.id ?? "");
  const [scheduleLocal, setScheduleLocal] = useState("");
  const account = accounts.find((a) => a.id === accountId);
  // Every field is controlled: React resets uncontrolled fields after a form action, and an operator whose batch
  // was refused must find everything they typed still there to correct.
  const [name, setName] = useState("");
  const [sender, setSender] = useState(account?.defaultSender ?? "");
  const [originator, setOriginator] = useState(account?.defaultOriginator ?? "");
  const [voice, setVoice] = useState("1");
  const [repeat, setRepeat] = useState("1");
  const count = useMemo(() => recipients.split(/[\s,;]+/).filter(Boolean).length, [recipients]);
  const segments = kind === "SMS" && message ? smsSegments(message) : 0;
  const errors = state?.fieldErrors ?? {};

  return (
    <form action={formAction} className="max-w-3xl space-y-5">
      <fieldset className="flex gap-6">
        <legend className="mb-1 text-sm font-medium">Kind</legend>
        {(["SMS", "VOICE"] as const).map((k) => (
          <label key={k} className="flex items-center gap-2">
            <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} />
            {k === "SMS" ? "SMS" : "Voice (text to speech)"}
          </label>
        ))}
      </fieldset>
      <div className="grid grid-cols-2 gap-4">
        <label className="block text-sm font-medium">
          Batch name
          <input name="name" required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} className={field} placeholder="November reminders" />
        </label>
        <label className="block text-sm font-medium">
          Provider account
          <select
            name="accountId"
            value={accountId}
            onChange={(e) => {
              const next = accounts.find((a) => a.id === e.target.value);
              setAccountId(e.target.value);
              if (next) {
                setSender(next.defaultSender);
                setOriginator(next.defaultOriginator);
              }
            }}
            className={field}
          >
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {kind === "SMS" ? (
        <label className="block text-sm font-medium">
          Sender ID
          <input name="sender" value={sender} onChange={(e) => setSender(e.target.value)} required className={field} />
        </label>
      ) : (
        <div className="grid grid-cols-3 gap-4">
          <label className="block text-sm font-medium">
            Originator number
            <input name="originator" value={originator} onChange={(e) => setOriginator(e.target.value)} required className={field} />
          </label>
          <label className="block text-sm font-medium">
            Voice
            <select name="voice" value={voice} onChange={(e) => setVoice(e.target.value)} className={field}>
              <option value="1">Female</option>
              <option value="2">Male</option>
            </select>
          </label>
          <label className="block text-sm font-medium">
            Repeat
            <input name="repeat" type="number" min={1} max={10} value={repeat} onChange={(e) => setRepeat(e.target.value)} className={field} />
          </label>
        </div>
      )}
      <label className="block text-sm font-medium">
        Message
        <textarea name="message" required rows={4} value={message} onChange={(e) => setMessage(e.target.value)} className={field} />
        <span className="mt-1 block text-xs font-normal text-slate-500">
          {message.length} characters
          {kind === "SMS" && message ? ` · ${segments} SMS segment${segments === 1 ? "" : "s"} (${smsEncoding(message)}) per recipient` : ""}
        </span>
      </label>
      <label className="block text-sm font-medium">
        Recipients
        <textarea
          name="recipients"
          required
          rows={5}
          value={recipients}
          onChange={(e) => setRecipients(e.target.value)}
          className={`${field} font-mono text-sm`}
          placeholder="0712345678, 254733000111, 712000222 …"
        />
        <span className="mt-1 block text-xs font-normal text-slate-500">
          {count.toLocaleString()} number{count === 1 ? "" : "s"} — Kenyan numbers as 2547…, 07…/01… or 7…/1…, separated by commas, spaces or new lines.
        </span>
      </label>
      <label className="block text-sm font-medium">
        Send later (optional)
        <input type="datetime-local" value={scheduleLocal} onChange={(e) => setScheduleLocal(e.target.value)} className={`${field} max-w-xs`} />
        {/* The browser knows the operator's time zone; the server gets an absolute time. */}
        <input type="hidden" name="scheduledAt" value={scheduleLocal ? new Date(scheduleLocal).toISOString() : ""} />
      </label>
      <div role="alert" aria-live="polite" className="min-h-6 text-sm">
        {state && !state.ok ? (
          <div className="rounded-md border border-red-200 bg-red-50 p-3 text-red-800">
            <p>{state.message}</p>
            {Object.entries(errors).map(([name, messages]) => (
              <ul key={name} className="mt-1 list-disc pl-5">
                {messages.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            ))}
          </div>
        ) : null}
      </div>
      <button type="submit" disabled={pending} className="rounded-md bg-sky-700 px-4 py-2 font-medium text-white hover:bg-sky-800 disabled:opacity-60">
        {pending ? "Creating…" : scheduleLocal ? "Schedule" : `Send to ${count.toLocaleString()} recipient${count === 1 ? "" : "s"}`}
      </button>
    </form>
  );
}
