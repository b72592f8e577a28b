"use client";
// The batch's settings: its name, the provider account, and how it is sent — for SMS the sender ID, chosen from the
// account's configured senders (never typed, never a vendor's default; none configured → say who can add one) and
// an optional link ID; for voice the originator, voice and repeat.
import Link from "next/link";
import { Checkbox } from "@/components/ui/checkbox";
import { InputField, SelectField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import type { UnitPrice } from "@/lib/compose/cost";
import type { Kind } from "./message-fields";
import { VoiceCallFields } from "./voice-call-fields";

export type ComposeAccount = {
  id: string;
  name: string;
  senders: string[];
  defaultOriginator: string;
  batchSizeLimit: number;
  requestsPerSecond: number;
  /** Set by an administrator in Settings; the review shows the cost when it is. */
  price: UnitPrice | null;
};

export type Options = {
  name: string;
  accountId: string;
  sender: string;
  originator: string;
  linkId: string;
  voice: string;
  repeat: string;
  /** Sends only inside the organisation's promotional window (lib/compose/promotional-window.ts). */
  promotional: boolean;
};

export function initialOptions(account: ComposeAccount | undefined): Options {
  return {
    name: "",
    accountId: account?.id ?? "",
    sender: account?.senders[0] ?? "",
    originator: account?.defaultOriginator ?? "",
    linkId: "",
    voice: "1",
    repeat: "1",
    promotional: false,
  };
}

export function OptionsFields({
  kind,
  accounts,
  options,
  onOptions,
  errors,
  promotionalHours,
}: {
  /** "08:00–20:00 East Africa Time": the organisation's window, as the checkbox names it. */
  promotionalHours: string;
  kind: Kind;
  accounts: ComposeAccount[];
  options: Options;
  onOptions: (options: Options) => void;
  errors: Record<string, string[] | undefined>;
}) {
  const set = (patch: Partial<Options>) => onOptions({ ...options, ...patch });
  const account = accounts.find((a) => a.id === options.accountId);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="Batch name"
          errors={errors.name}
          name="name"
          required
          maxLength={200}
          value={options.name}
          onChange={(e) => set({ name: e.target.value })}
          placeholder="November reminders"
        />
        <SelectField
          label="Provider account"
          errors={errors.accountId}
          name="accountId"
          value={options.accountId}
          onChange={(e) => {
            const next = accounts.find((a) => a.id === e.target.value);
            set({
              accountId: e.target.value,
              sender: next?.senders[0] ?? "",
              originator: next?.defaultOriginator ?? "",
            });
          }}
        >
          {accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </SelectField>
      </div>
      {kind === "SMS" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {account && account.senders.length === 0 ? (
            <Notice tone="error">
              The account “{account.name}” has no sender ID set up, so no SMS can be sent through it. An administrator
              adds the account&apos;s registered sender IDs in{" "}
              <Link href="/settings" className="underline">
                Settings
              </Link>
              .
            </Notice>
          ) : (
            <SelectField
              label="Sender ID"
              hint="The sender IDs set up for this account in Settings."
              errors={errors.sender}
              name="sender"
              value={options.sender}
              onChange={(e) => set({ sender: e.target.value })}
            >
              {account?.senders.map((sender) => (
                <option key={sender} value={sender}>
                  {sender}
                </option>
              ))}
            </SelectField>
          )}
          <InputField
            label="Link ID (optional)"
            hint="Only for on-demand replies: the link_id of the message you answer."
            errors={errors.linkId}
            name="linkId"
            value={options.linkId}
            onChange={(e) => set({ linkId: e.target.value })}
          />
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-3">
          <InputField
            label="Originator number"
            errors={errors.originator}
            name="originator"
            value={options.originator}
            onChange={(e) => set({ originator: e.target.value })}
            required
          />
          <VoiceCallFields
            names={{ voice: "voice", repeat: "repeat" }}
            labels={{ voice: "Voice", repeat: "Repeat" }}
            voice={options.voice}
            repeat={options.repeat}
            errors={errors}
            onChange={set}
          />
        </div>
      )}
      <Checkbox name="promotional" checked={options.promotional} onChecked={(promotional) => set({ promotional })}>
        Promotional: send only {promotionalHours}, waiting outside those hours
        <span className="block text-xs text-slate-500">
          Leave it unticked for reminders and alerts, which are sent at any hour.
        </span>
      </Checkbox>
    </>
  );
}
