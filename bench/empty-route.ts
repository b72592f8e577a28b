// The machine's speed, measured beside a benchmark's figures so a reader can tell a slower machine from a regression:
// requests a second the console answers through Next's request handling with no code of ours behind it — a POST to
// /api/health, which has only a GET, answered 405 by Next's route module (the proxy, the router and the route's
// module, no handler, no database). Kept-alive sockets, a receipt-sized body, as the receipts benchmark sends.
// (Earlier figures, to issue 41, timed /api/ping, a product route kept for this; it is gone. The two are of the same
// kind but not the same route: compare each with its own kind.)
import { runLoad, type LoadResult } from "./http-load";

export const EMPTY_ROUTE = "/api/health";
const BODY = Buffer.from(JSON.stringify({ correlator: "1", status: "DeliveredToTerminal", padding: "x".repeat(160) }));

export async function emptyRoute(base: string, seconds = 5, concurrency = 16): Promise<LoadResult> {
  return runLoad({
    url: `${base}${EMPTY_ROUTE}`,
    concurrency,
    seconds,
    warmupSeconds: 2,
    expectStatus: 405,
    body: () => BODY,
  });
}

/** Requests a second answered by the empty route. */
export async function emptyRouteRate(base: string): Promise<number> {
  return (await emptyRoute(base)).reqPerSec;
}
