// The address of the client behind a request, decided once in the web server (programs/web-server.ts), where the
// connection is visible, and handed to the application in one header it can trust: App Router code never sees the
// socket, and X-Forwarded-For is whatever the client chose to send unless a proxy of ours wrote it.
//
// X-Forwarded-For is read only when the connection comes from one of TRUSTED_PROXIES (addresses or CIDR ranges of
// the reverse proxies in front of the console), and then only as far as the proxies' own entries go: from the right,
// each entry written by a trusted proxy names the next hop, and the first address that is not a trusted proxy is the
// client (at most TRUST_PROXY entries are read). Entries further left were written by the client itself and prove
// nothing; a client connecting directly, from anywhere else, cannot pick an address by sending the header.
//
// The header itself is believed only when Tuma's own server wrote it: the web server strips whatever a client sent
// in it and writes the address beside a seal made once per process (lib/web-server/claim-client-address.ts), and
// trustedClientAddress reads it only with that seal. Next run any other way (`next start`) has no seal, so a client's
// own header there counts for nothing ("unknown"), instead of choosing the address its log-ins are counted under.
import { timingSafeEqual } from "node:crypto";
import net from "node:net";

/** Set by the web server on every request (any value the client sent is removed first). */
export const CLIENT_ADDRESS_HEADER = "x-tuma-client-address";

// One seal per process, on globalThis: the web server's bundle and Next's each load this module.
const sealHolder = globalThis as unknown as { tumaClientAddressSeal?: string };

/** The process's seal, made by the web server's first claim (claim-client-address.ts); undefined without it. */
export function clientAddressSeal(create?: () => string): string | undefined {
  if (create) sealHolder.tumaClientAddressSeal ??= create();
  return sealHolder.tumaClientAddressSeal;
}

/** The header's value for an address decided by this process's web server. */
export function sealedClientAddress(address: string, seal: string): string {
  return `${seal} ${address}`;
}

/** The client's address, when this process's web server wrote the header; "unknown" for anything else. */
export function trustedClientAddress(headers: Record<string, unknown> | undefined): string {
  const value = headers?.[CLIENT_ADDRESS_HEADER];
  const seal = clientAddressSeal();
  if (typeof value !== "string" || seal === undefined) return "unknown";
  const space = value.indexOf(" ");
  const [given, address] = space < 0 ? [value, ""] : [value.slice(0, space), value.slice(space + 1)];
  const sealed =
    Buffer.byteLength(given) === Buffer.byteLength(seal) && timingSafeEqual(Buffer.from(given), Buffer.from(seal));
  return sealed && address !== "" ? address : "unknown";
}

export type ProxyTrust = {
  /** The most X-Forwarded-For entries to read (TRUST_PROXY: the proxies in the chain). 0: never read it. */
  hops: number;
  /** Who may write X-Forwarded-For (TRUSTED_PROXIES). */
  proxies: net.BlockList;
};

export const NO_PROXY: ProxyTrust = { hops: 0, proxies: new net.BlockList() };

/** The trust the settings give (lib/env.ts validated them): none without TRUSTED_PROXIES; one hop unless told. */
export function proxyTrust(settings: {
  TRUSTED_PROXIES?: string | undefined;
  TRUST_PROXY?: number | undefined;
}): ProxyTrust {
  if (settings.TRUSTED_PROXIES === undefined) return NO_PROXY;
  const parsed = parseProxyList(settings.TRUSTED_PROXIES);
  if (!parsed.ok) throw new Error(`TRUSTED_PROXIES: "${parsed.bad}" is neither an IP address nor a CIDR range.`);
  return { hops: settings.TRUST_PROXY ?? 1, proxies: parsed.proxies };
}

export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trust: ProxyTrust,
): string {
  let client = normalise(socketAddress);
  if (client === null) return "unknown";
  if (forwardedFor === undefined) return client;
  const entries = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor)
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  for (let hop = 0; hop < trust.hops && isTrusted(client, trust.proxies); hop++) {
    const written = normalise(entries.pop());
    // A malformed entry from our own proxy: the last address we can vouch for is the answer.
    if (written === null) break;
    client = written;
  }
  return client;
}

/** A list of addresses and CIDR ranges ("127.0.0.1, ::1, 10.0.0.0/8") as a BlockList, or the entry that is neither. */
export function parseProxyList(text: string): { ok: true; proxies: net.BlockList } | { ok: false; bad: string } {
  const proxies = new net.BlockList();
  for (const entry of text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [address = "", prefix, ...rest] = entry.split("/");
    const family = net.isIP(address);
    const bits = prefix === undefined ? (family === 6 ? 128 : 32) : Number(prefix);
    if (
      family === 0 ||
      rest.length > 0 ||
      (prefix !== undefined && !/^\d{1,3}$/.test(prefix)) ||
      bits > (family === 6 ? 128 : 32)
    )
      return { ok: false, bad: entry };
    proxies.addSubnet(address, bits, family === 6 ? "ipv6" : "ipv4");
  }
  return { ok: true, proxies };
}

/**
 * The part of an address that log-in throttling counts by: an IPv4 address whole, an IPv6 address by its /64. One
 * IPv6 subscriber is handed a whole /64 (2^64 addresses), so counting per address would give it a fresh count for
 * every guess.
 */
export function throttleScope(address: string): string {
  if (net.isIP(address) !== 6) return address;
  const groups = expandIpv6(address);
  return groups ? `${groups.slice(0, 4).join(":")}::/64` : address;
}

function isTrusted(address: string, proxies: net.BlockList): boolean {
  return proxies.check(address, net.isIP(address) === 6 ? "ipv6" : "ipv4");
}

function normalise(address: string | undefined): string | null {
  if (!address) return null;
  // An IPv4 client on a dual-stack socket appears as ::ffff:a.b.c.d; count it as a.b.c.d.
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  return net.isIP(plain) ? plain.toLowerCase() : null;
}

/** The eight 16-bit groups of an IPv6 address, as 4-digit lower-case hex (a trailing dotted IPv4 becomes two). */
function expandIpv6(address: string): string[] | null {
  let text = address.toLowerCase().replace(/%.*$/, "");
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split(".").map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head === "" ? [] : head.split(":");
  const right = tail === undefined || tail === "" ? [] : tail.split(":");
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  return [...left, ...Array<string>(tail === undefined ? 0 : missing).fill("0"), ...right].map((group) =>
    group.padStart(4, "0"),
  );
}
