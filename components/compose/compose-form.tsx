"use client";

import { useActionState, useMemo, useState } from "react";
import { ActionNotice } from "@/components/ui/action-notice";
import { Button } from "@/components/ui/button";
import { Field, Input, Select, Textarea } from "@/components/ui/field";
import type { ActionResult } from "@/lib/auth/action";
import { smsEncoding, smsSegments } from "@/lib/provider/wire/sms-units";
import { MAX_PASTED_NUMBERS, splitNumbers } from "@/lib/recipients/split-numbers";

type Account = { id: string; name: string; defaultSender: string; defaultOriginator: string };

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
  const [linkId, setLinkId] = useState("");
  const [voice, setVoice] = useState("1");
  const [repeat, setRepeat] = useState("1");
  const count = useMemo(() => splitNumbers(recipients).length, [recipients]);
  const tooMany = count > MAX_PASTED_NUMBERS;
  const segments = kind === "SMS" && message ? smsSegments(message) : 0;
  const errors = state?.ok === false ? (state.fieldErrors ?? {}) : {};

  return (
    <form action={formAction} className="max-w-3xl space-y-5">
      <fieldset className="flex flex-wrap gap-6">
        <legend className="mb-1 text-sm font-medium">Kind</legend>
        {(["SMS", "VOICE"] as const).map((k) => (
          <label key={k} className="flex items-center gap-2">
            <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} />
            {k === "SMS" ? "SMS" : "Voice (text to speech)"}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Batch name" errors={errors.name}>
          {(ids) => <Input {...ids} name="name" required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} placeholder="November reminders" />}
        </Field>
        <Field label="Provider account" errors={errors.accountId}>
          {(ids) => (
            <Select
              {...ids}
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
            >
              {accounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      {kind === "SMS" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Sender ID" hint="At most 11 characters, or a number of up to 15 digits." errors={errors.sender}>
            {(ids) => <Input {...ids} name="sender" value={sender} onChange={(e) => setSender(e.target.value)} required />}
          </Field>
          <Field label="Link ID (optional)" hint="Only for on-demand replies: the link_id of the message you answer." errors={errors.linkId}>
            {(ids) => <Input {...ids} name="linkId" value={linkId} onChange={(e) => setLinkId(e.target.value)} />}
          </Field>
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Originator number" errors={errors.originator}>
            {(ids) => <Input {...ids} name="originator" value={originator} onChange={(e) => setOriginator(e.target.value)} required />}
          </Field>
          <Field label="Voice" errors={errors.voice}>
            {(ids) => (
              <Select {...ids} name="voice" value={voice} onChange={(e) => setVoice(e.target.value)}>
                <option value="1">Female</option>
                <option value="2">Male</option>
              </Select>
            )}
          </Field>
          <Field label="Repeat" errors={errors.repeat}>
            {(ids) => <Input {...ids} name="repeat" type="number" min={1} max={10} value={repeat} onChange={(e) => setRepeat(e.target.value)} />}
          </Field>
        </div>
      )}
      <Field
        label="Message"
        errors={errors.templateText}
        hint={
          <>
            {message.length} characters
            {kind === "SMS" && message ? ` · ${segments} SMS segment${segments === 1 ? "" : "s"} (${smsEncoding(message)}) per recipient` : ""}
          </>
        }
      >
        {(ids) => <Textarea {...ids} name="templateText" required rows={4} value={message} onChange={(e) => setMessage(e.target.value)} />}
      </Field>
      <Field
        label="Recipients"
        errors={tooMany ? [`${count.toLocaleString()} numbers: at most ${MAX_PASTED_NUMBERS.toLocaleString()} can be pasted. Upload the list as a file instead.`] : errors.recipients}
        hint={`${count.toLocaleString()} number${count === 1 ? "" : "s"} — Kenyan numbers as 2547…, 07…/01… or 7…/1…, separated by commas, semicolons or new lines.`}
      >
        {(ids) => (
          <Textarea
            {...ids}
            name="recipients"
            required
            rows={5}
            value={recipients}
            onChange={(e) => setRecipients(e.target.value)}
            className="font-mono text-sm"
            placeholder={"0712 345 678\n+254 733 000 111\n712-000-222"}
          />
        )}
      </Field>
      <Field label="Send later (optional)" hint="In your time zone. Leave empty to send now." errors={errors.scheduledAt} className="max-w-xs">
        {(ids) => <Input {...ids} type="datetime-local" value={scheduleLocal} onChange={(e) => setScheduleLocal(e.target.value)} />}
      </Field>
      {/* The browser knows the operator's time zone; the server gets an absolute time. */}
      <input type="hidden" name="scheduledAt" value={scheduleLocal ? new Date(scheduleLocal).toISOString() : ""} />
      <ActionNotice result={state} listFields />
      <Button type="submit" variant="primary" disabled={pending || tooMany}>
        {pending ? "Creating…" : scheduleLocal ? "Schedule" : `Send to ${count.toLocaleString()} recipient${count === 1 ? "" : "s"}`}
      </Button>
    </form>
  );
}
