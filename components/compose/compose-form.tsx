"use client";

import { useQuery } from "@tanstack/react-query";
import { useActionState, useEffect, useMemo, useState } from "react";
import { ActionNotice } from "@/components/ui/action-notice";
import { Button } from "@/components/ui/button";
import { Field, Input, Select, Textarea } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import type { ActionResult } from "@/lib/auth/action";
import { sendPlan } from "@/lib/batches/plan";
import type { ListPlan } from "@/lib/batches/plan-list";
import { fetchJson } from "@/lib/http/fetch-json";
import { normalizePhone } from "@/lib/provider/wire/phone";
import { smsEncoding, smsSegments, ucs2Characters } from "@/lib/provider/wire/sms-units";
import { MAX_PASTED_NUMBERS, splitNumbers } from "@/lib/recipients/split-numbers";
import { ListSource, type ListChoice } from "./list-source";
import { SendPlanView, type PlanView } from "./send-plan";

type Account = {
  id: string;
  name: string;
  defaultSender: string;
  defaultOriginator: string;
  batchSizeLimit: number;
  requestsPerSecond: number;
};
export type TemplateChoice = { id: string; name: string; kind: "SMS" | "VOICE"; body: string };

/** The value after it has stopped changing for a moment: the list planner reads the whole list on each ask. */
function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function ComposeForm({
  accounts,
  lists,
  templates = [],
  initialListId,
  initialTemplateId,
  action,
}: {
  accounts: Account[];
  lists: ListChoice[];
  templates?: TemplateChoice[];
  initialListId?: string | undefined;
  initialTemplateId?: string | undefined;
  action: (previous: ActionResult | null, form: FormData) => Promise<ActionResult>;
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const initialTemplate = templates.find((t) => t.id === initialTemplateId);
  const [kind, setKind] = useState<"SMS" | "VOICE">(initialTemplate?.kind ?? "SMS");
  const [message, setMessage] = useState(initialTemplate?.body ?? "");
  const [recipients, setRecipients] = useState("");
  const initialList = lists.find((list) => list.id === initialListId);
  const [source, setSource] = useState<"numbers" | "list">(initialList ? "list" : "numbers");
  const [listId, setListId] = useState(initialList?.id ?? lists[0]?.id ?? "");
  const list = lists.find((l) => l.id === listId);
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
  const scheduledAt = scheduleLocal ? new Date(scheduleLocal) : null;

  // The list planner asks the server (it reads the whole list); pasted numbers are planned here.
  const settledMessage = useSettled(message);
  const listPlan = useQuery({
    queryKey: ["compose-plan", listId, accountId, kind, settledMessage],
    // A message changed while its plan is counted cancels that count (the server stops reading the list).
    queryFn: ({ signal }) =>
      fetchJson<ListPlan>("/api/compose/plan", {
        signal,
        json: { listId, accountId, kind, templateText: settledMessage },
      }),
    enabled: source === "list" && listId !== "" && accountId !== "" && settledMessage.trim() !== "",
    staleTime: 60_000,
  });
  const numbersPlan = useMemo<PlanView | null>(() => {
    if (source !== "numbers" || !account || !message.trim() || count === 0 || tooMany) return null;
    const text = message.trim();
    const parts = kind === "SMS" ? smsSegments(text) : 1;
    const previews = splitNumbers(recipients)
      .slice(0, 5)
      .map((typed, i) => {
        const check = normalizePhone(typed, { lenient: true });
        return {
          row: i + 1,
          phone: check.ok ? check.phone : typed,
          text,
          characters: text.length,
          encoding: smsEncoding(text),
          segments: parts,
          ucs2: ucs2Characters(text),
        };
      });
    return { kind, previews, ...sendPlan(count, parts * count, account) };
  }, [source, account, message, count, tooMany, kind, recipients]);
  const plan: PlanView | null =
    source === "list" ? (listPlan.data && settledMessage === message ? listPlan.data : null) : numbersPlan;
  const listRefusal =
    source === "list" && listPlan.data && listPlan.data.unknown.length > 0
      ? `The list “${listPlan.data.list.filename}” has no column for ${listPlan.data.unknown.map((n) => `{{${n}}}`).join(", ")}. Its placeholders are: ${listPlan.data.list.columns.map((c) => `{{${c}}}`).join(" ")}.`
      : source === "list" && listPlan.data && listPlan.data.tooLong > 0
        ? `${listPlan.data.tooLong.toLocaleString()} recipient(s) would get a message that is too long (the first is row ${listPlan.data.firstTooLongRow}).`
        : null;
  const recipientCount = source === "list" ? (list?.validCount ?? 0) : count;

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
          {(ids) => (
            <Input
              {...ids}
              name="name"
              required
              maxLength={200}
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder="November reminders"
            />
          )}
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
            {(ids) => (
              <Input {...ids} name="sender" value={sender} onChange={(e) => setSender(e.target.value)} required />
            )}
          </Field>
          <Field
            label="Link ID (optional)"
            hint="Only for on-demand replies: the link_id of the message you answer."
            errors={errors.linkId}
          >
            {(ids) => <Input {...ids} name="linkId" value={linkId} onChange={(e) => setLinkId(e.target.value)} />}
          </Field>
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Originator number" errors={errors.originator}>
            {(ids) => (
              <Input
                {...ids}
                name="originator"
                value={originator}
                onChange={(e) => setOriginator(e.target.value)}
                required
              />
            )}
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
            {(ids) => (
              <Input
                {...ids}
                name="repeat"
                type="number"
                min={1}
                max={10}
                value={repeat}
                onChange={(e) => setRepeat(e.target.value)}
              />
            )}
          </Field>
        </div>
      )}
      {templates.length > 0 ? (
        <Field
          label="Use a template"
          hint="Fills in the message (and its kind); edit it freely afterwards."
          className="max-w-md"
        >
          {(ids) => (
            <Select
              {...ids}
              value=""
              onChange={(e) => {
                const chosen = templates.find((t) => t.id === e.target.value);
                if (!chosen) return;
                setKind(chosen.kind);
                setMessage(chosen.body);
              }}
            >
              <option value="">Choose a template…</option>
              {templates.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name} ({t.kind === "SMS" ? "SMS" : "voice"})
                </option>
              ))}
            </Select>
          )}
        </Field>
      ) : null}
      <Field
        label="Message"
        errors={errors.templateText}
        hint={
          <>
            {message.length} characters
            {kind === "SMS" && message
              ? ` · ${segments} SMS segment${segments === 1 ? "" : "s"} (${smsEncoding(message)}) per recipient`
              : ""}
          </>
        }
      >
        {(ids) => (
          <Textarea
            {...ids}
            name="templateText"
            required
            rows={4}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
        )}
      </Field>
      <fieldset className="flex flex-wrap gap-6">
        <legend className="mb-1 text-sm font-medium">Send to</legend>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="source"
            value="numbers"
            checked={source === "numbers"}
            onChange={() => setSource("numbers")}
          />
          Numbers
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="source"
            value="list"
            checked={source === "list"}
            onChange={() => setSource("list")}
          />
          A saved list
        </label>
      </fieldset>
      {source === "list" ? (
        <ListSource lists={lists} listId={listId} onListId={setListId} errors={errors.listId} />
      ) : (
        <Field
          label="Recipients"
          errors={
            tooMany
              ? [
                  `${count.toLocaleString()} numbers: at most ${MAX_PASTED_NUMBERS.toLocaleString()} can be pasted. Upload the list as a file instead.`,
                ]
              : errors.recipients
          }
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
      )}
      <Field
        label="Send later (optional)"
        hint="In your time zone. Leave empty to send now."
        errors={errors.scheduledAt}
        className="max-w-xs"
      >
        {(ids) => (
          <Input
            {...ids}
            type="datetime-local"
            value={scheduleLocal}
            onChange={(e) => setScheduleLocal(e.target.value)}
          />
        )}
      </Field>
      {/* The browser knows the operator's time zone; the server gets an absolute time. */}
      <input type="hidden" name="scheduledAt" value={scheduleLocal ? new Date(scheduleLocal).toISOString() : ""} />
      {listRefusal ? <Notice tone="error">{listRefusal}</Notice> : null}
      {source === "list" && listPlan.error ? <Notice tone="error">{listPlan.error.message}</Notice> : null}
      {plan && !listRefusal ? <SendPlanView plan={plan} scheduledAt={scheduledAt} /> : null}
      <ActionNotice result={state} listFields />
      <Button
        type="submit"
        variant="primary"
        disabled={pending || (source === "numbers" ? tooMany : !list || listRefusal !== null)}
      >
        {pending
          ? "Creating…"
          : scheduleLocal
            ? `Schedule for ${recipientCount.toLocaleString()} recipient${recipientCount === 1 ? "" : "s"}`
            : `Send to ${recipientCount.toLocaleString()} recipient${recipientCount === 1 ? "" : "s"}`}
      </Button>
    </form>
  );
}
