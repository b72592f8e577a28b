// Where a webhook may go. An endpoint's host is resolved and every address it resolves to must be public: loopback,
// private (RFC 1918, unique-local), link-local (which holds cloud metadata at 169.254.169.254), CGNAT, "this network",
// benchmarking, multicast and reserved ranges are refused, and an IPv6 address carrying an IPv4 one (compatible,
// mapped, translated, NAT64, 6to4, Teredo) is judged by the IPv4 it leads to as well. Checked when an endpoint is
// registered and again at every delivery, and the delivery connects to the address checked here (post-webhook.ts
// pins it), so a DNS answer that changes in between cannot redirect it. The URL must be https.
// An administrator may allow host:port pairs (the Webhooks page), and WEBHOOK_ALLOW_HOSTS adds more (tests and
// internal receivers): those may resolve to private addresses and use plain http — but never to link-local or cloud
// metadata addresses, which no webhook has a reason to reach.
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
  ["64:ff9b:1::", 48],
] as const)
  blocked.addSubnet(net, prefix, "ipv6");

// Never reached, even at an allowed host: link-local (a cloud's instance metadata answers there, with the machine's
// credentials) and the metadata addresses outside it (AWS's IPv6 one, Alibaba's).
const forbidden = new BlockList();
forbidden.addSubnet("169.254.0.0", 16, "ipv4");
forbidden.addAddress("100.100.100.200", "ipv4");
forbidden.addSubnet("fe80::", 10, "ipv6");
forbidden.addAddress("fd00:ec2::254", "ipv6");

/** The 16 bytes of an IPv6 address (a zone, "%eth0", ignored; a dotted IPv4 tail read as its two groups), or null. */
function ipv6Bytes(address: string): number[] | null {
  let text = address.toLowerCase().replace(/%.*$/, "");
  const dotted = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(2).map(Number) as [number, number, number, number];
    if ([a, b, c, d].some((n) => n > 255)) return null;
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groups = (half: string) => (half === "" ? [] : half.split(":"));
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...head, ...Array<string>(missing).fill("0"), ...tail];
  if (!all.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return all.flatMap((group) => [parseInt(group, 16) >> 8, parseInt(group, 16) & 255]);
}

const ipv4 = (bytes: number[]) => bytes.join(".");
const startsWith = (bytes: number[], prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte);

/**
 * The IPv4 addresses an IPv6 address carries, which are where it leads: IPv4-compatible (::a.b.c.d, so ::7f00:1),
 * mapped (::ffff:a.b.c.d), SIIT-translated (::ffff:0:a.b.c.d), NAT64 (64:ff9b::/96), 6to4 (2002:AABB:CCDD::/48) and
 * Teredo (2001:0::/32: its server, and its client inverted in the last 32 bits).
 */
function embeddedIPv4(bytes: number[]): string[] {
  const zeros = (n: number) => Array<number>(n).fill(0);
  if (startsWith(bytes, zeros(12))) return [ipv4(bytes.slice(12))];
  if (startsWith(bytes, [...zeros(10), 255, 255])) return [ipv4(bytes.slice(12))];
  if (startsWith(bytes, [...zeros(8), 255, 255, 0, 0])) return [ipv4(bytes.slice(12))];
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b, ...zeros(8)])) return [ipv4(bytes.slice(12))];
  if (startsWith(bytes, [0x20, 0x02])) return [ipv4(bytes.slice(2, 6))];
  if (startsWith(bytes, [0x20, 0x01, 0, 0]))
    return [ipv4(bytes.slice(4, 8)), ipv4(bytes.slice(12).map((b) => b ^ 255))];
  return [];
}

/** The verdict on one address: public, or refused unless allowed, or never reached. */
export type AddressVerdict = "public" | "private" | "forbidden";

export function judgeAddress(address: string): AddressVerdict {
  const family = isIP(address.replace(/%.*$/, ""));
  if (family === 4) {
    if (forbidden.check(address, "ipv4")) return "forbidden";
    return blocked.check(address, "ipv4") ? "private" : "public";
  }
  const bytes = family === 6 ? ipv6Bytes(address) : null;
  if (!bytes) return "private";
  const inner = embeddedIPv4(bytes).map(judgeAddress);
  if (inner.includes("forbidden")) return "forbidden";
  const plain = Array.from({ length: 8 }, (_, i) => ((bytes[2 * i]! << 8) | bytes[2 * i + 1]!).toString(16)).join(":");
  if (forbidden.check(plain, "ipv6")) return "forbidden";
  if (inner.includes("private") || blocked.check(plain, "ipv6")) return "private";
  return "public";
}

export function isPublicAddress(address: string): boolean {
  return judgeAddress(address) === "public";
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
    return { ok: false, reason: "The URL must start with https://." };
  if (url.username || url.password) return { ok: false, reason: "The URL must not contain a user name or password." };
  const host = url.hostname.toLowerCase();
  const bare = host.startsWith("[") ? host.slice(1, -1) : host;
  const hostPort = `${host}:${portOf(url)}`;
  const allowed = allowedHosts.includes(hostPort);
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
  const verdicts = addresses.map((a) => ({ address: a.address, verdict: judgeAddress(a.address) }));
  const forbiddenOne = verdicts.find((v) => v.verdict === "forbidden");
  if (forbiddenOne)
    return {
      ok: false,
      reason: `${bare} resolves to ${forbiddenOne.address}, a link-local or cloud metadata address: webhooks never go there, even to an allowed host.`,
    };
  const refused = verdicts.find((v) => v.verdict !== "public");
  if (refused && !allowed)
    return {
      ok: false,
      reason: `${bare} resolves to ${refused.address}, a private, loopback or reserved address: webhooks go only to public addresses unless an administrator allows ${hostPort}.`,
    };
  if (url.protocol === "http:" && !allowed)
    return {
      ok: false,
      reason: `The URL must start with https://: plain http:// is only for a host an administrator allows (${hostPort}).`,
    };
  return { ok: true, target: { url, address: first.address, family: first.family === 6 ? 6 : 4 } };
}
