// A process's start (Next's server prepared, Prisma's query compiler loaded, pools opened) and a route's first use
// (Next loads routes on first use: next.config.mjs) leave tens of MB of garbage that V8 keeps until a full
// collection, and an idle process may not run one for minutes. One full collection once the process is ready, and
// for a server once more whenever it falls quiet after requests, returns that memory (BENCHMARKS.md, "Idle memory:
// the start's garbage collected"). The programs are started with --expose-gc for this (programs/start.ts); run
// another way, there is no `gc` and nothing is done.
import type http from "node:http";

type Gc = () => void;
const gcOf = (): Gc | undefined => (globalThis as { gc?: Gc }).gc;

/** Collects the start's garbage once, a second after the process said it is ready (the start's last promises
 * settled); the timer does not keep the process alive. */
export function releaseStartupGarbage(): void {
  const gc = gcOf();
  if (gc) setTimeout(gc, 1_000).unref();
}

/**
 * Collects once each time `server` has answered every request and none has come for `quietMs`: after the first
 * requests load their routes, or a burst of work ends. Never while a request is in flight, never twice in a quiet
 * spell, so a busy server (a page polling every few seconds) is left to V8's own collections.
 */
export function collectWhenQuiet(server: http.Server, quietMs = 5_000): void {
  const gc = gcOf();
  if (!gc) return;
  let inFlight = 0;
  let worked = true; // the start itself
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (inFlight > 0 || !worked) return;
      worked = false;
      gc();
    }, quietMs).unref();
  };
  server.on("request", (_request: http.IncomingMessage, response: http.ServerResponse) => {
    inFlight++;
    worked = true;
    clearTimeout(timer);
    response.once("close", () => {
      inFlight--;
      if (inFlight === 0) arm();
    });
  });
  arm();
}
