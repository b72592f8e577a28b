// A message's length against the provider's limit as it is typed (n / 1,600) and, for SMS, its segments and encoding
// (GSM-7 or UCS-2) — Compose's counter (message-fields.tsx), also the template editor's (issue 35). The characters
// that force UCS-2 are named, with their GSM look-alikes offered, by units-warning.tsx beside it.
import { SMS_MESSAGE_MAX_CHARS, VOICE_MESSAGE_MAX_CHARS } from "@/lib/provider/wire/schemas";
import { smsEncoding, smsSegments } from "@/lib/provider/wire/sms-units";

import { formatCount } from "@/lib/numbers/format";
export function messageMax(kind: "SMS" | "VOICE"): number {
  return kind === "SMS" ? SMS_MESSAGE_MAX_CHARS : VOICE_MESSAGE_MAX_CHARS;
}

export function MessageCounter({
  kind,
  message,
  perRecipient = null,
}: {
  kind: "SMS" | "VOICE";
  message: string;
  /** For a personalised list: the segments each recipient's own text takes. */
  perRecipient?: string | null;
}) {
  const max = messageMax(kind);
  const over = message.length > max;
  const segments = kind === "SMS" && message ? smsSegments(message) : 0;
  return (
    <span data-testid="message-counter">
      <span className={over ? "font-semibold text-red-700" : undefined}>
        {formatCount(message.length)} / {formatCount(max)} characters
      </span>
      {kind === "SMS" && message
        ? perRecipient
          ? ` · per recipient: ${perRecipient}`
          : ` · ${segments} SMS segment${segments === 1 ? "" : "s"} (${smsEncoding(message)}) per recipient`
        : ""}
    </span>
  );
}
