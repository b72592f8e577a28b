/**
 * Everything the sandbox remembers: its knobs, the messages it accepted, the requests it answered, the
 * request-rate window and the receipts it still has to post. Tests embedding the sandbox read this object
 * directly; over HTTP the same data is served under /__sandbox/.
 */
import type { Correlator, RequestForm } from "@/lib/provider/wire/schemas";
import { applyKnobs, type Knobs, type KnobsPatch } from "./knobs";
import type { MessageKind } from "./receipt-plan";
import { ReceiptPoster } from "./receipt-poster";
import { RingLog } from "./ring-log";
import { SlidingWindow } from "./sliding-window";

/** One recipient of one accepted request object (a comma-separated send yields one entry per number). */
export interface AcceptedMessage {
  kind: MessageKind;
  /** This recipient's number as sent (trimmed). */
  phone: string;
  /** The same number in the 254 form. */
  normalizedPhone: string;
  correlator: Correlator | null;
  uniqueId: string;
  /** The message text. */
  message: string;
  /** SMS sender or voice originator, as sent. */
  from: string;
  endpoint: string | null;
  batchId: string;
  form: RequestForm;
  /** Epoch milliseconds (fractional) at which the request arrived. */
  requestTime: number;
  /** The voice language as sent in the voiceLanguageField knob's field, when that knob is set and the request had it. */
  language?: string;
}

export interface RequestRecord {
  /** Epoch milliseconds (fractional) at which the request arrived. */
  at: number;
  method: string;
  path: string;
  /** Status answered, or null when the connection was dropped by the dropRate knob. */
  status: number | null;
  /** Recipients accepted by this request (0 when refused). */
  messages: number;
  /** Whether the status was injected by an error-rate knob rather than earned. */
  injected: boolean;
}

export class SandboxState {
  private current: Knobs;
  readonly messages: RingLog<AcceptedMessage>;
  readonly requests: RingLog<RequestRecord>;
  readonly window: SlidingWindow;
  readonly receipts: ReceiptPoster;
  private held: Array<() => void> = [];

  constructor(
    private readonly initialKnobs: Knobs,
    readonly clientId: string,
    readonly timeZoneOffsetMinutes: number,
  ) {
    this.current = initialKnobs;
    this.messages = new RingLog(initialKnobs.messageLogLimit);
    this.requests = new RingLog(initialKnobs.requestLogLimit);
    this.window = new SlidingWindow(initialKnobs.rateLimit);
    this.receipts = new ReceiptPoster(() => this.current, timeZoneOffsetMinutes);
  }

  get knobs(): Knobs {
    return this.current;
  }

  /** Validates and applies a partial update; throws a ZodError when invalid. */
  setKnobs(patch: KnobsPatch): Knobs {
    this.current = applyKnobs(this.current, patch);
    this.messages.setLimit(this.current.messageLogLimit);
    this.requests.setLimit(this.current.requestLogLimit);
    this.receipts.log.setLimit(this.current.requestLogLimit);
    this.window.setLimit(this.current.rateLimit);
    if (!this.current.holdResponses) for (const release of this.held.splice(0)) release();
    return this.current;
  }

  /** Spends units of an accepted request (unitsBalance knob); unlimited when the knob is null. */
  spendUnits(units: number): void {
    if (this.current.unitsBalance === null) return;
    this.current = { ...this.current, unitsBalance: Math.max(0, this.current.unitsBalance - units) };
  }

  /** Resolves when answers may be written: at once, or when holdResponses is turned off (or the sandbox reset). */
  responsesReleased(): Promise<void> {
    if (!this.current.holdResponses) return Promise.resolve();
    return new Promise((resolve) => this.held.push(resolve));
  }

  /** Back to the start-up state: knobs as started, logs empty, rate window empty, queued receipts forgotten. */
  reset(): void {
    this.current = this.initialKnobs;
    this.setKnobs({});
    this.messages.clear();
    this.requests.clear();
    this.window.reset();
    this.receipts.reset();
  }
}
