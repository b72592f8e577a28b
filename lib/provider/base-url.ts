// Where a provider account may send its bearer token and every message: a provider's base URL is https (plain http
// only to loopback, which is the embedded sandbox), and never a link-local or cloud metadata address, where an
// administrator's typo or a hostile one would have the console post credentials into the machine's own metadata
// service. Checked on the URL when an account is saved (lib/accounts/save-account.ts), and on every address a name
// resolves to when a request connects (lib/provider/http-transport.ts): a name can point anywhere by then.
// One exception to "http only to loopback": the embedded sandbox's own host name (SANDBOX_HOST) while SANDBOX is on,
// which an operator sets to reach it across a private network (compose.yaml: workers in other containers).
import net from "node:net";
import { env } from "@/lib/env";

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

/** Link-local (where every cloud's instance metadata lives), cloud metadata addresses outside it, "anywhere". */
const FORBIDDEN = new net.BlockList();
FORBIDDEN.addSubnet("169.254.0.0", 16, "ipv4"); // 169.254.169.254: AWS, GCP, Azure, OpenStack metadata
FORBIDDEN.addSubnet("fe80::", 10, "ipv6");
FORBIDDEN.addAddress("fd00:ec2::254", "ipv6"); // AWS metadata over IPv6
FORBIDDEN.addAddress("100.100.100.200", "ipv4"); // Alibaba Cloud metadata
FORBIDDEN.addAddress("168.63.129.16", "ipv4"); // Azure's host endpoint
FORBIDDEN.addSubnet("0.0.0.0", 8, "ipv4");
FORBIDDEN.addAddress("::", "ipv6");

const METADATA_NAMES = new Set(["metadata", "metadata.google.internal", "metadata.goog", "instance-data"]);

export const HTTPS_ONLY =
  "Use https:// (plain http:// only for a provider on this machine, such as the sandbox at http://127.0.0.1).";
export const FORBIDDEN_ADDRESS =
  "That address is a link-local or cloud metadata address, never a provider's: enter the provider's own address.";

/** An IP address as the address it means: [::1] unbracketed, ::ffff:a.b.c.d as a.b.c.d. */
function plainAddress(host: string): string {
  const unbracketed = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  return unbracketed.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "").toLowerCase();
}

function listed(list: net.BlockList, address: string): boolean {
  const family = net.isIP(address);
  return family !== 0 && list.check(address, family === 6 ? "ipv6" : "ipv4");
}

export function isLoopbackAddress(address: string): boolean {
  return listed(LOOPBACK, plainAddress(address));
}

export function isForbiddenAddress(address: string): boolean {
  return listed(FORBIDDEN, plainAddress(address));
}

/** The embedded sandbox's host name when it runs and is not on loopback; plain http may go there. */
function sandboxHost(): string | null {
  try {
    const { SANDBOX, SANDBOX_HOST } = env();
    return SANDBOX ? SANDBOX_HOST.toLowerCase() : null;
  } catch {
    return null; // an environment start-up refuses anyway: no exception to the rule
  }
}

/** Null when `url` may be a provider's base URL, else the sentence that says why not. */
export function baseUrlProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "A full URL, such as https://api.example.com/api/v1.";
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return HTTPS_ONLY;
  const host = plainAddress(parsed.hostname).replace(/\.$/, "");
  if (METADATA_NAMES.has(host) || isForbiddenAddress(host)) return FORBIDDEN_ADDRESS;
  if (parsed.protocol === "http:" && host !== "localhost" && !isLoopbackAddress(host) && host !== sandboxHost())
    return HTTPS_ONLY;
  return null;
}

/**
 * Null when a connection to `address` (what the base URL's name resolved to) is allowed for `protocol`, else why
 * not: the same rule as baseUrlProblem, applied where the name has become an address (`hostname`, the name it came
 * from: the sandbox's host name resolves to its private address).
 */
export function resolvedAddressProblem(protocol: string, address: string, hostname?: string): string | null {
  if (isForbiddenAddress(address)) return FORBIDDEN_ADDRESS;
  const toSandbox = hostname !== undefined && hostname.toLowerCase().replace(/\.$/, "") === sandboxHost();
  if (protocol !== "https:" && !isLoopbackAddress(address) && !toSandbox) return HTTPS_ONLY;
  return null;
}
