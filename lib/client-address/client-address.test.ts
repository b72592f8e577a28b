import { describe, expect, test } from "vitest";
import { parseEnv as parseSettings } from "@/lib/env";
import { clientAddress, NO_PROXY, parseProxyList, proxyTrust, throttleScope, type ProxyTrust } from "./client-address";

function trust(hops: number, list: string): ProxyTrust {
  const parsed = parseProxyList(list);
  if (!parsed.ok) throw new Error(parsed.bad);
  return { hops, proxies: parsed.proxies };
}

describe("clientAddress", () => {
  test("without trusted proxies the connection's address is the client, whatever X-Forwarded-For says", () => {
    expect(clientAddress("203.0.113.7", "198.51.100.1", NO_PROXY)).toBe("203.0.113.7");
    expect(clientAddress("::ffff:203.0.113.7", undefined, NO_PROXY)).toBe("203.0.113.7");
    expect(clientAddress("2001:DB8::1", undefined, NO_PROXY)).toBe("2001:db8::1");
  });

  test("X-Forwarded-For from a connection that is not a trusted proxy is ignored: a client cannot pick its address", () => {
    const loopbackProxy = trust(1, "127.0.0.1, ::1");
    for (let i = 0; i < 5; i++) {
      expect(clientAddress("203.0.113.7", `198.51.100.${i}`, loopbackProxy)).toBe("203.0.113.7");
      expect(clientAddress("2001:db8::7", `198.51.100.${i}`, loopbackProxy)).toBe("2001:db8::7");
    }
    // Trusting hops without naming any proxy trusts nobody.
    expect(clientAddress("10.0.0.2", "198.51.100.1", { hops: 1, proxies: NO_PROXY.proxies })).toBe("10.0.0.2");
  });

  test("behind one trusted proxy the last entry (written by that proxy) is the client; entries the client wrote are ignored", () => {
    const proxy = trust(1, "10.0.0.0/24");
    expect(clientAddress("10.0.0.2", "198.51.100.1", proxy)).toBe("198.51.100.1");
    expect(clientAddress("10.0.0.2", "6.6.6.6, 198.51.100.1", proxy)).toBe("198.51.100.1");
    expect(clientAddress("10.0.0.2", ["6.6.6.6", "198.51.100.1"], proxy)).toBe("198.51.100.1");
    expect(clientAddress("::ffff:10.0.0.2", "2001:DB8::9", proxy)).toBe("2001:db8::9");
    expect(clientAddress("127.0.0.1", "198.51.100.1", trust(1, "::1, 127.0.0.1"))).toBe("198.51.100.1");
    expect(clientAddress("::1", "198.51.100.1", trust(1, "::1, 127.0.0.1"))).toBe("198.51.100.1");
  });

  test("behind a chain, each trusted hop names the next, up to TRUST_PROXY entries; the first untrusted one is the client", () => {
    const chain = trust(2, "10.0.0.0/8");
    expect(clientAddress("10.0.0.2", "6.6.6.6, 198.51.100.1, 10.0.0.9", chain)).toBe("198.51.100.1");
    // An untrusted hop ends the walk: the address it claims to have seen is its own word.
    expect(clientAddress("10.0.0.2", "6.6.6.6, 198.51.100.1", chain)).toBe("198.51.100.1");
    // No more entries read than TRUST_PROXY says, however many trusted ones there are.
    expect(clientAddress("10.0.0.2", "6.6.6.6, 10.0.0.7, 10.0.0.8, 10.0.0.9", chain)).toBe("10.0.0.8");
  });

  test("a missing or malformed header from a trusted proxy leaves the last address vouched for", () => {
    const proxy = trust(1, "10.0.0.2");
    expect(clientAddress("10.0.0.2", undefined, proxy)).toBe("10.0.0.2");
    expect(clientAddress("10.0.0.2", "not-an-address", proxy)).toBe("10.0.0.2");
    expect(clientAddress("10.0.0.2", " , ", proxy)).toBe("10.0.0.2");
    expect(clientAddress(undefined, undefined, NO_PROXY)).toBe("unknown");
  });
});

test("parseProxyList: addresses and CIDR ranges of both families; anything else is named", () => {
  const parsed = parseProxyList("127.0.0.1, ::1, 10.0.0.0/8, 2001:db8::/32");
  expect(parsed.ok).toBe(true);
  if (!parsed.ok) return;
  expect(parsed.proxies.check("10.200.3.4", "ipv4")).toBe(true);
  expect(parsed.proxies.check("11.0.0.1", "ipv4")).toBe(false);
  expect(parsed.proxies.check("2001:db8:ffff::1", "ipv6")).toBe(true);
  expect(parsed.proxies.check("::1", "ipv6")).toBe(true);
  expect(parseProxyList("")).toMatchObject({ ok: true });
  for (const bad of ["localhost", "10.0.0.0/33", "::/129", "10.0.0.1/8/1", "10.0.0.0/x", "300.1.1.1"])
    expect(parseProxyList(`127.0.0.1, ${bad}`)).toEqual({ ok: false, bad });
});

test("throttleScope: IPv4 whole, IPv6 by its /64 in one spelling", () => {
  expect(throttleScope("203.0.113.7")).toBe("203.0.113.7");
  expect(throttleScope("2001:db8:1:2:aaaa::1")).toBe("2001:0db8:0001:0002::/64");
  expect(throttleScope("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:0db8:0001:0002::/64");
  expect(throttleScope("2001:db8:1:3::1")).toBe("2001:0db8:0001:0003::/64");
  expect(throttleScope("::1")).toBe("0000:0000:0000:0000::/64");
  expect(throttleScope("2001:db8::")).toBe("2001:0db8:0000:0000::/64");
  expect(throttleScope("64:ff9b::192.0.2.33")).toBe("0064:ff9b:0000:0000::/64");
  expect(throttleScope("unknown")).toBe("unknown");
});

describe("the settings (lib/env.ts)", () => {
  const parseEnv = (vars: Record<string, string>) => parseSettings({ NODE_ENV: "test", ...vars });

  test("TRUST_PROXY without TRUSTED_PROXIES stops start-up with a sentence naming both", () => {
    expect(() => parseEnv({ TRUST_PROXY: "1" })).toThrow(
      /Environment variable TRUST_PROXY is invalid: X-Forwarded-For is read only from known proxies: set TRUSTED_PROXIES/,
    );
    expect(() => parseEnv({ TRUSTED_PROXIES: "127.0.0.1, proxy.local" })).toThrow(
      'Environment variable TRUSTED_PROXIES is invalid: "proxy.local" is neither an IP address nor a CIDR range',
    );
  });

  test("TRUSTED_PROXIES alone trusts one hop from those addresses; unset, nobody", () => {
    const behindLoopback = proxyTrust(parseEnv({ TRUSTED_PROXIES: "127.0.0.1,::1" }));
    expect(behindLoopback.hops).toBe(1);
    expect(clientAddress("127.0.0.1", "198.51.100.1", behindLoopback)).toBe("198.51.100.1");
    expect(clientAddress("203.0.113.7", "198.51.100.1", behindLoopback)).toBe("203.0.113.7");
    expect(proxyTrust(parseEnv({}))).toBe(NO_PROXY);
    expect(proxyTrust(parseEnv({ TRUSTED_PROXIES: "10.0.0.0/8", TRUST_PROXY: "2" })).hops).toBe(2);
  });
});
