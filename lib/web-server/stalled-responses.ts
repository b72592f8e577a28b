// Closes the connection of a response its client has stopped reading (programs/web-server.ts). A client at a zero TCP
// window never takes another byte and never goes away: the response's writes wait for a `drain` that never comes,
// and Next's pipe behind them waits too — even after the application gave up on the body (an export ended by
// lib/fair-share/held-stream.ts), the socket, its buffers and the response stay for as long as the client likes.
// So a response that has waited for `drain` for the whole limit (EXPORT_STALL_SECONDS, the exports' own) is
// destroyed, which Next takes as the client going away: it aborts the body, and whatever the body held is released.
//
// One sweep for the whole server, four times per limit, over the responses in progress; a response is judged stalled
// only when two sweeps a limit apart both found it waiting and no `drain` came in between.
import type http from "node:http";
import { logger } from "@/lib/log";
import { formatDuration } from "@/lib/numbers/format";
import { pathOf } from "@/lib/http/body-limits";

type Watch = { drains: number; waitingSince: number | null; drainsThen: number };

export function closeStalledResponses(server: http.Server, limitMs: number): void {
  const watched = new Map<http.ServerResponse, Watch>();
  server.on("request", (_request: http.IncomingMessage, response: http.ServerResponse) => {
    const watch: Watch = { drains: 0, waitingSince: null, drainsThen: 0 };
    watched.set(response, watch);
    response.on("drain", () => watch.drains++);
    response.once("close", () => watched.delete(response));
  });
  const sentence = `A response made no progress for ${formatDuration(limitMs / 1000)}: its client read nothing. Its connection was closed.`;
  const sweep = setInterval(
    () => {
      const now = performance.now();
      for (const [response, watch] of watched) {
        if (!response.writableNeedDrain || watch.drains !== watch.drainsThen) {
          watch.waitingSince = response.writableNeedDrain ? now : null;
          watch.drainsThen = watch.drains;
        } else if (watch.waitingSince === null) watch.waitingSince = now;
        else if (now - watch.waitingSince >= limitMs) {
          watched.delete(response);
          // The path only: a query string can hold a phone number searched for.
          logger().warn({ path: pathOf(response.req.url ?? "/").slice(0, 200) }, sentence);
          response.destroy();
        }
      }
    },
    Math.max(50, limitMs / 4),
  );
  sweep.unref();
  server.once("close", () => clearInterval(sweep));
}
