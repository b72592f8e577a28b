// The address of the client behind a request, decided once in the web server (scripts/web-server.ts), where the
// connection is visible, and handed to the application in one header it can trust: App Router code never sees the
// socket, and X-Forwarded-For is whatever the client chose to send unless a proxy of ours wrote it.
//
// TRUST_PROXY is the number of reverse proxies in front of the console that append the address they saw to
// X-Forwarded-For (0, the default: none; the connection's address is the client). With N of them, the client is the
// N-th entry from the right: entries further left were written by the client itself and prove nothing.
import net from "node:net";

/** Set by the web server on every request (any value the client sent is overwritten). */
export const CLIENT_ADDRESS_HEADER = "x-tuma-client-address";

export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedProxies: number,
): string {
  const connection = normalise(socketAddress) ?? "unknown";
  if (trustedProxies <= 0 || forwardedFor === undefined) return connection;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor)
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  const candidate = hops[hops.length - trustedProxies] ?? hops[0];
  return normalise(candidate) ?? connection;
}

function normalise(address: string | undefined): string | null {
  if (!address) return null;
  // An IPv4 client on a dual-stack socket appears as ::ffff:a.b.c.d; count it as a.b.c.d.
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  return net.isIP(plain) ? plain.toLowerCase() : null;
}
