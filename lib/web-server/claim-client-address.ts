// The web server's side of the client-address header (lib/client-address/client-address.ts says why it exists): for every
// request, before anything else reads it, whatever the client sent as x-tuma-client-address is removed — from the
// parsed headers and from the raw ones — and the address decided from the connection is written with this process's
// seal, so that only Tuma's own server can name a client's address to the application.
//
// Requests that arrive with X-Forwarded-For while TRUSTED_PROXIES is unset are behind a proxy the console was not
// told about: the header is ignored (anyone could send it), so every client is counted as the proxy, and one person's
// wrong passwords throttle everyone's log-ins. That is said once per process, naming the setting that fixes it.
import type http from "node:http";
import { randomBytes } from "node:crypto";
import { logger } from "@/lib/log";
import {
  CLIENT_ADDRESS_HEADER,
  clientAddress,
  clientAddressSeal,
  NO_PROXY,
  sealedClientAddress,
  type ProxyTrust,
} from "@/lib/client-address/client-address";

export const UNTRUSTED_FORWARDED_FOR =
  "Requests arrive with X-Forwarded-For, but TRUSTED_PROXIES is not set, so the header is ignored: every client " +
  "behind the proxy is counted as the proxy's address (one log-in throttle for all of them). Set TRUSTED_PROXIES to " +
  "the proxy's address (127.0.0.1,::1 for a proxy on this machine).";

let warned = false;

/** Replaces any client-sent client-address header with the one this server decides, sealed; returns that address. */
export function claimClientAddress(request: http.IncomingMessage, trust: ProxyTrust): string {
  const seal = clientAddressSeal(() => randomBytes(18).toString("base64url"))!;
  delete request.headers[CLIENT_ADDRESS_HEADER];
  for (let i = request.rawHeaders.length - 2; i >= 0; i -= 2)
    if (request.rawHeaders[i]!.toLowerCase() === CLIENT_ADDRESS_HEADER) request.rawHeaders.splice(i, 2);
  const forwardedFor = request.headers["x-forwarded-for"];
  if (forwardedFor !== undefined && trust === NO_PROXY && !warned) {
    warned = true;
    logger().warn(UNTRUSTED_FORWARDED_FOR);
  }
  const address = clientAddress(request.socket.remoteAddress, forwardedFor, trust);
  request.headers[CLIENT_ADDRESS_HEADER] = sealedClientAddress(address, seal);
  return address;
}
