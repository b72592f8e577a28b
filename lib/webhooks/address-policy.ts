// Where a webhook may go. An endpoint's host is resolved and every address it resolves to must be public: loopback,
// private (RFC 1918, unique-local), link-local (which holds cloud metadata at 169.254.169.254), CGNAT, "this network",
// benchmarking, multicast and reserved ranges are refused, and IPv4 inside IPv6 (mapped, NAT64) is judged as the IPv4
// it holds. Checked when an endpoint is registered and again at every delivery, and the delivery connects to the
// address checked here (post-webhook.ts pins it), so a DNS answer that changes in between cannot redirect it.
// An administrator may allow host:port pairs (the Webhooks page), and WEBHOOK_ALLOW_HOSTS adds more (tests and
// local development): those may resolve to any address.
import "server-only";
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
  ["2001:db8::", 32],
  ["100::", 64],
] as const)
  blocked.addSubnet(net, prefix, "ipv6");

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::/96) IPv6 address. */
function embeddedIPv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, "ipv4");
  if (family !== 6) return false;
  const inner = embeddedIPv4(address);
  if (inner) return isPublicAddress(inner);
  return !blocked.check(address, "ipv6");
}

/** "host:port" entries, comma-separated (WEBHOOK_ALLOW_HOSTS); hosts lower-cased, IPv6 in brackets. */
export function parseAllowedHosts(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== "");
}

export type Target = { url: URL; address: string; family: 4 | 6 };
export type TargetCheck = { ok: true; target: Target } | { ok: false; reason: string };

/** The port a URL connects to. */
const portOf = (url: URL): string => url.port || (url.protocol === "https:" ? "443" : "80");

/** Resolves the URL's host and says whether a webhook may be delivered there, and to which address. */
export async function checkTarget(raw: string, allowedHosts: readonly string[]): Promise<TargetCheck> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "The URL is not a valid address." };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return { ok: false, reason: "The URL must start with https:// (or http://)." };
  if (url.username || url.password) return { ok: false, reason: "The URL must not contain a user name or password." };
  const host = url.hostname.toLowerCase();
  const bare = host.startsWith("[") ? host.slice(1, -1) : host;
  const allowed = allowedHosts.includes(`${host}:${portOf(url)}`);
  let addresses: { address: string; family: number }[];
  if (isIP(bare)) addresses = [{ address: bare, family: isIP(bare) }];
  else {
    try {
      addresses = await lookup(bare, { all: true, verbatim: true });
    } catch {
      return { ok: false, reason: `The host ${bare} could not be resolved.` };
    }
  }
  const first = addresses[0];
  if (!first) return { ok: false, reason: `The host ${bare} could not be resolved.` };
  const refused = addresses.find((a) => !isPublicAddress(a.address));
  if (refused && !allowed)
    return {
      ok: false,
      reason: `${bare} resolves to ${refused.address}, a private, loopback or reserved address: webhooks go only to public addresses unless an administrator allows ${host}:${portOf(url)}.`,
    };
  return { ok: true, target: { url, address: first.address, family: first.family === 6 ? 6 : 4 } };
}
