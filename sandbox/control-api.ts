/**
 * The sandbox's control API under /__sandbox/ (never under /api/v1, so it cannot be mistaken for the
 * provider's API): read and turn knobs, read the message/request/receipt logs, reset. Every call needs the
 * sandbox's own bearer token (the one its API accepts), and a loopback Host header: listening on loopback is
 * not enough, since a web page can reach loopback through a name of its own that resolves there (DNS
 * rebinding), and its requests then carry that name as their Host. The logs hold every message's text and
 * number, and the knobs can make sending fail.
 *
 *   GET  /__sandbox/knobs                 current knobs
 *   POST /__sandbox/knobs                 partial knobs (JSON) → the full knobs; 400 on an unknown/invalid knob
 *   GET  /__sandbox/messages?from&limit&kind&correlator&uniqueId&phone&batchId
 *   GET  /__sandbox/requests?from&limit
 *   GET  /__sandbox/receipts?from&limit   receipt counters and the receipts posted
 *   GET  /__sandbox/stats                 counters only
 *   POST /__sandbox/reset                 logs, rate window and queued receipts cleared, knobs as at start
 */
import type http from "node:http";
import net from "node:net";
import { knobsPatchSchema } from "./knobs";
import { BodyTooLarge, parseJson, readBody, sendError, sendJson } from "./http-io";
import { authorized } from "./send-endpoint";
import type { AcceptedMessage, SandboxState } from "./state";

export async function handleControl(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  state: SandboxState,
  expectedAuthorization: Buffer,
): Promise<void> {
  if (!isLoopbackHost(req.headers.host)) {
    req.resume();
    return sendError(res, 403, "The control API answers only to a loopback Host (127.0.0.1, localhost or [::1]).");
  }
  if (!authorized(req.headers.authorization, expectedAuthorization)) {
    req.resume();
    return sendError(res, 401, "The control API needs the sandbox's token: Authorization: Bearer <token>.");
  }
  const url = new URL(req.url ?? "/", "http://sandbox");
  const route = `${req.method ?? "GET"} ${url.pathname.replace(/\/+$/, "")}`;
  const from = intParam(url, "from", 0);
  const limit = intParam(url, "limit", Number.POSITIVE_INFINITY);

  switch (route) {
    case "GET /__sandbox/knobs":
      return sendJson(res, 200, state.knobs);
    case "POST /__sandbox/knobs": {
      let text: string;
      try {
        text = await readBody(req, 64 * 1024);
      } catch (error) {
        return sendError(res, error instanceof BodyTooLarge ? 413 : 400, "Could not read the body.");
      }
      const json = parseJson(text === "" ? "{}" : text);
      const patch = json.ok ? knobsPatchSchema.safeParse(json.value) : null;
      if (!patch?.success) {
        const detail = patch?.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; ");
        return sendError(res, 400, `Invalid knobs${detail ? `: ${detail}` : " (body is not JSON)"}.`);
      }
      try {
        return sendJson(res, 200, state.setKnobs(patch.data));
      } catch (error) {
        return sendError(res, 400, `Invalid knobs: ${error instanceof Error ? error.message : "rejected"}.`);
      }
    }
    case "GET /__sandbox/messages": {
      const filter = messageFilter(url);
      const page = state.messages.read(from, limit, filter);
      return sendJson(res, 200, {
        total: state.messages.total,
        evicted: state.messages.evicted,
        from: page.from,
        messages: page.entries,
      });
    }
    case "GET /__sandbox/requests": {
      const page = state.requests.read(from, limit);
      return sendJson(res, 200, {
        total: state.requests.total,
        evicted: state.requests.evicted,
        from: page.from,
        requests: page.entries,
      });
    }
    case "GET /__sandbox/receipts": {
      const page = state.receipts.log.read(from, limit);
      return sendJson(res, 200, { ...state.receipts.stats(), from: page.from, receipts: page.entries });
    }
    case "GET /__sandbox/stats":
      return sendJson(res, 200, {
        messages: state.messages.total,
        requests: state.requests.total,
        receipts: state.receipts.stats(),
      });
    case "POST /__sandbox/reset":
      req.resume();
      state.reset();
      return sendJson(res, 200, { status: true, message: "Sandbox reset." });
    default:
      req.resume();
      return sendError(res, 404, "Unknown sandbox control route.");
  }
}

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

/** 127.0.0.0/8, ::1 or localhost, with or without a port. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.startsWith("[") ? host.slice(1, host.indexOf("]")) : host.replace(/:\d*$/, "");
  if (name.toLowerCase() === "localhost") return true;
  const family = net.isIP(name);
  return family !== 0 && LOOPBACK.check(name, family === 6 ? "ipv6" : "ipv4");
}

function intParam(url: URL, name: string, fallback: number): number {
  const value = url.searchParams.get(name);
  if (value === null) return fallback;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : fallback;
}

function messageFilter(url: URL): ((m: AcceptedMessage) => boolean) | undefined {
  const p = url.searchParams;
  const kind = p.get("kind");
  const correlator = p.get("correlator");
  const uniqueId = p.get("uniqueId");
  const phone = p.get("phone");
  const batchId = p.get("batchId");
  if (!kind && correlator === null && !uniqueId && !phone && !batchId) return undefined;
  return (m) =>
    (!kind || m.kind === kind) &&
    (correlator === null || String(m.correlator) === correlator) &&
    (!uniqueId || m.uniqueId === uniqueId) &&
    (!phone || m.phone === phone || m.normalizedPhone === phone) &&
    (!batchId || m.batchId === batchId);
}
