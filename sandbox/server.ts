/**
 * The sandbox provider: a faithful implementation of docs/messaging-api.md on bare node:http (a Next route
 * handler would cap it at ~1/24 of the throughput, and the sandbox must outrun the provider's 12,000
 * messages/s). Embeddable in-process (tests, `npm start`) or run alone (`npm run sandbox`).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { EAST_AFRICA_OFFSET_MINUTES } from "@/lib/provider/wire/provider-time";
import { warmUp } from "./accept-request";
import { handleControl } from "./control-api";
import { preciseNow, sendError } from "./http-io";
import { DEFAULT_KNOBS, applyKnobs, type KnobsPatch } from "./knobs";
import { handleSend, type SendContext } from "./send-endpoint";
import { SandboxState } from "./state";

export const API_PREFIX = "/api/v1";
export const CONTROL_PREFIX = "/__sandbox/";

export interface SandboxOptions {
  /** 0 picks a free port (tests). Default 4010. */
  port?: number;
  /** Default 127.0.0.1: the sandbox holds nothing real, but it is no provider to expose on other interfaces. */
  host?: string;
  /** The bearer token the sandbox accepts. */
  token: string;
  knobs?: KnobsPatch;
  /** The `client_id` of results. Default "sandbox". */
  clientId?: string;
  /** Zone of created_at and deliveryTime. Default East Africa Time (+180). */
  timeZoneOffsetMinutes?: number;
  /**
   * Where a request's arrival time comes from: the clock, to the microsecond, unless a test of the rate rule over
   * HTTP holds it still, so that which requests are refused does not depend on how fast a loaded machine delivers
   * them (the rule's own timing is tested on the window itself: sliding-window.test.ts).
   */
  clock?: () => number;
}

export interface Sandbox {
  /** Base address of the API, ending in /api/v1 (what a provider account's base URL is set to). */
  url: string;
  /** Origin, e.g. http://127.0.0.1:4010 (the control API lives at `${origin}/__sandbox/…`). */
  origin: string;
  port: number;
  state: SandboxState;
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
  if (!options.token) throw new Error("startSandbox needs a token");
  const host = options.host ?? "127.0.0.1";
  const knobs = applyKnobs(DEFAULT_KNOBS, options.knobs ?? {});
  const state = new SandboxState(
    knobs,
    options.clientId ?? "sandbox",
    options.timeZoneOffsetMinutes ?? EAST_AFRICA_OFFSET_MINUTES,
  );
  warmUp(state);
  const ctx: SendContext = { state, expectedAuthorization: Buffer.from(`Bearer ${options.token}`) };

  const clock = options.clock ?? preciseNow;
  const server = http.createServer((req, res) => {
    const arrivedAt = clock();
    const url = req.url ?? "/";
    const path = url.split("?", 1)[0] ?? "/";
    let work: Promise<void> | void;
    if (path === `${API_PREFIX}/send-sms` || path === `${API_PREFIX}/voice-sms`) {
      if (req.method !== "POST") {
        req.resume();
        work = sendError(res, 405, "The method is not allowed; use POST.", { headers: { Allow: "POST" } });
      } else {
        work = handleSend(path.endsWith("send-sms") ? "sms" : "voice", req, res, ctx, arrivedAt);
      }
    } else if (path.startsWith(CONTROL_PREFIX)) {
      work = handleControl(req, res, state, ctx.expectedAuthorization);
    } else {
      req.resume();
      work = sendError(res, 404, "Not found.");
    }
    if (work) {
      work.catch(() => {
        // A bug must not take the sandbox down; answer 500 like a provider would.
        if (!res.headersSent) sendError(res, 500, "Server Error");
        else res.destroy();
      });
    }
  });
  // Longer than the client's idle socket lifetime, so the client, not the server, closes idle connections.
  server.keepAliveTimeout = 10_000;
  server.headersTimeout = 15_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 4010, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;

  return {
    url: `${origin}${API_PREFIX}`,
    origin,
    port,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        state.receipts.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
