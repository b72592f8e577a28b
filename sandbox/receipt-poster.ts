/**
 * Posts delivery receipts to the endpoints given in send requests (spec 4.3, 6). Built to keep up with the
 * provider's ceiling of 12,000 messages/s without becoming a benchmark's bottleneck: one timer over a heap of
 * due receipts, keep-alive sockets, bounded concurrency, and a bounded queue that drops (and counts) rather
 * than growing without limit.
 */
import http from "node:http";
import https from "node:https";
import { formatProviderTime } from "@/lib/provider/wire/provider-time";
import type { Correlator, DeliveryReceipt } from "@/lib/provider/wire/schemas";
import type { Knobs } from "./knobs";
import { MinHeap } from "./min-heap";
import type { PlannedReceipt, ReceiptEvent } from "./receipt-plan";
import { RingLog } from "./ring-log";

interface Job {
  endpoint: string;
  phone: string;
  correlator: Correlator | null;
  uniqueId: string;
  deliveryStatus: string;
  attempt: number;
  /** Its delivery event: deliveryTime stamped by the first POST of it, kept by retries and duplicates. */
  event: ReceiptEvent;
}

export interface ReceiptStats {
  /** Receipts accepted into the queue (duplicates and intermediates included). */
  scheduled: number;
  /** Receipts whose POST was answered 2xx. */
  posted: number;
  /** Receipts given up after the last retry. */
  failed: number;
  /** Receipts not queued because the queue was full. */
  dropped: number;
  /** Waiting to be posted, and being posted now. */
  pending: number;
  inFlight: number;
}

export interface PostedReceipt {
  at: number;
  endpoint: string;
  receipt: DeliveryReceipt;
  /** HTTP status of the callback, or null when the connection failed. */
  status: number | null;
}

const RETRY_DELAYS_MS = [1000, 5000, 25_000, 60_000, 60_000];
const POST_TIMEOUT_MS = 10_000;

export class ReceiptPoster {
  private readonly heap = new MinHeap<Job>();
  private ready: Job[] = [];
  private readyHead = 0;
  private inFlight = 0;
  private timer: NodeJS.Timeout | null = null;
  private timerDue = Number.POSITIVE_INFINITY;
  private idleWaiters: Array<() => void> = [];
  private counts = { scheduled: 0, posted: 0, failed: 0, dropped: 0 };
  private readonly agents = {
    http: new http.Agent({ keepAlive: true, maxSockets: 32 }),
    https: new https.Agent({ keepAlive: true, maxSockets: 32 }),
  };
  private generation = 0;
  private clock = { second: -1, text: "" };
  readonly log: RingLog<PostedReceipt>;

  constructor(
    private readonly knobs: () => Knobs,
    private readonly timeZoneOffsetMinutes: number,
  ) {
    this.log = new RingLog(knobs().requestLogLimit);
  }

  /** Queues receipts relative to now; false when the queue was full and they were dropped. */
  schedule(planned: readonly PlannedReceipt[]): boolean {
    const knobs = this.knobs();
    if (this.pending + planned.length > knobs.receiptQueueLimit) {
      this.counts.dropped += planned.length;
      return false;
    }
    const now = performance.now();
    for (const p of planned) {
      this.heap.push(now + p.delayMs, toJob(p));
      this.counts.scheduled += 1;
    }
    this.arm();
    return true;
  }

  /** Posts receipts at once and resolves when every POST has finished (the receipts-before-response knob). */
  async deliverNow(planned: readonly PlannedReceipt[]): Promise<void> {
    this.counts.scheduled += planned.length;
    const limit = this.knobs().receiptConcurrency;
    const jobs = planned.map(toJob);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < jobs.length) {
        const job = jobs[next++];
        if (job) await this.post([job], this.generation);
      }
    };
    await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  }

  get pending(): number {
    return this.heap.size + this.ready.length - this.readyHead;
  }

  stats(): ReceiptStats {
    return { ...this.counts, pending: this.pending, inFlight: this.inFlight };
  }

  /** Resolves once nothing is queued or in flight (tests wait on it before counting receipts). */
  idle(): Promise<void> {
    if (this.pending === 0 && this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Forgets queued receipts and counters; POSTs in flight finish but are no longer counted. */
  reset(): void {
    this.generation += 1;
    this.heap.clear();
    this.ready = [];
    this.readyHead = 0;
    this.counts = { scheduled: 0, posted: 0, failed: 0, dropped: 0 };
    this.log.clear();
    this.disarm();
    this.inFlight = 0;
    this.notifyIdle();
  }

  close(): void {
    this.reset();
    this.agents.http.destroy();
    this.agents.https.destroy();
  }

  private arm(): void {
    const due = this.heap.peekKey();
    if (due === undefined || due >= this.timerDue) return;
    this.disarm();
    this.timerDue = due;
    this.timer = setTimeout(() => this.onTimer(), Math.max(0, due - performance.now()));
  }

  private disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.timerDue = Number.POSITIVE_INFINITY;
  }

  private onTimer(): void {
    this.timer = null;
    this.timerDue = Number.POSITIVE_INFINITY;
    const now = performance.now();
    for (let due = this.heap.peekKey(); due !== undefined && due <= now; due = this.heap.peekKey()) {
      const job = this.heap.pop();
      if (job) this.ready.push(job);
    }
    this.pump();
    this.arm();
  }

  private pump(): void {
    const knobs = this.knobs();
    this.agents.http.maxSockets = knobs.receiptConcurrency;
    this.agents.https.maxSockets = knobs.receiptConcurrency;
    while (this.inFlight < knobs.receiptConcurrency && this.readyHead < this.ready.length) {
      const first = this.ready[this.readyHead++] as Job;
      const group = [first];
      // Several receipts per POST only when asked for, and only consecutive ones for the same endpoint.
      while (
        group.length < knobs.receiptsPerPost &&
        this.readyHead < this.ready.length &&
        this.ready[this.readyHead]?.endpoint === first.endpoint
      ) {
        group.push(this.ready[this.readyHead++] as Job);
      }
      this.inFlight += 1;
      const generation = this.generation;
      void this.post(group, generation, knobs.receiptsPerPost > 1).finally(() => {
        if (generation !== this.generation) return;
        this.inFlight -= 1;
        this.pump();
        this.notifyIdle();
      });
    }
    if (this.readyHead > 1024 && this.readyHead * 2 > this.ready.length) {
      this.ready = this.ready.slice(this.readyHead);
      this.readyHead = 0;
    }
  }

  private notifyIdle(): void {
    if (this.pending !== 0 || this.inFlight !== 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  /** Posts one receipt (or, when grouping, an array) and retries or counts the outcome. */
  private async post(group: Job[], generation: number, asArray = false): Promise<void> {
    const now = this.now();
    const receipts = group.map((job): DeliveryReceipt => ({
      phone: job.phone,
      correlator: job.correlator,
      uniqueId: job.uniqueId,
      deliveryStatus: job.deliveryStatus,
      deliveryTime: (job.event.deliveryTime ??= now),
    }));
    const first = group[0];
    if (!first) return;
    const status = await this.send(first.endpoint, JSON.stringify(asArray ? receipts : receipts[0]));
    if (generation !== this.generation) return;
    const at = Date.now();
    receipts.forEach((receipt) => this.log.push({ at, endpoint: first.endpoint, receipt, status }));
    if (status !== null && status >= 200 && status < 300) {
      this.counts.posted += group.length;
      return;
    }
    const retries = this.knobs().receiptRetries;
    for (const job of group) {
      if (job.attempt < retries) {
        this.heap.push(performance.now() + (RETRY_DELAYS_MS[job.attempt] ?? 60_000), {
          ...job,
          attempt: job.attempt + 1,
        });
      } else {
        this.counts.failed += 1;
      }
    }
    this.arm();
  }

  private send(endpoint: string, body: string): Promise<number | null> {
    return new Promise((resolve) => {
      let url: URL;
      try {
        url = new URL(endpoint);
      } catch {
        resolve(null);
        return;
      }
      const isHttps = url.protocol === "https:";
      const req = (isHttps ? https : http).request(url, {
        method: "POST",
        agent: isHttps ? this.agents.https : this.agents.http,
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json",
          "Content-Length": String(Buffer.byteLength(body)),
          "User-Agent": "tuma-sandbox-provider",
        },
        timeout: POST_TIMEOUT_MS,
      });
      req.on("timeout", () => req.destroy());
      req.on("error", () => resolve(null));
      req.on("response", (res) => {
        res.resume(); // drain so the socket can be reused
        res.on("end", () => resolve(res.statusCode ?? null));
        res.on("error", () => resolve(null));
      });
      req.end(body);
    });
  }

  /** deliveryTime, formatted once per second rather than once per receipt. */
  private now(): string {
    const ms = Date.now();
    const second = Math.floor(ms / 1000);
    if (second !== this.clock.second) {
      this.clock = { second, text: formatProviderTime(new Date(ms), this.timeZoneOffsetMinutes) };
    }
    return this.clock.text;
  }
}

function toJob(p: PlannedReceipt): Job {
  return {
    endpoint: p.endpoint,
    phone: p.phone,
    correlator: p.correlator,
    uniqueId: p.uniqueId,
    deliveryStatus: p.deliveryStatus,
    attempt: 0,
    event: p.event ?? {},
  };
}
