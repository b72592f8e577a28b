// Where webhooks may go: private, loopback, link-local (metadata), unique-local, CGNAT and mapped addresses are
// refused, by literal and by a name that resolves to them, unless host:port is allowed; public addresses pass. Every
// IPv6 form carrying an IPv4 address is judged by it; link-local and metadata addresses are refused even when allowed;
// plain http only for an allowed host.
import { expect, test } from "vitest";
import { checkTarget, isPublicAddress, judgeAddress, parseAllowedHosts } from "./address-policy";

test.each([
  "127.0.0.1",
  "10.1.2.3",
  "172.16.5.4",
  "192.168.1.1",
  "169.254.169.254",
  "100.64.0.1",
  "0.0.0.0",
  "::1",
  "::",
  "fd00::1",
  "fe80::1",
  "::ffff:127.0.0.1",
  "::ffff:7f00:1",
  "64:ff9b::a9fe:a9fe",
  "224.0.0.1",
])("%s is not public", (address) => {
  expect(isPublicAddress(address)).toBe(false);
});

test.each(["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8"])("%s is public", (address) => {
  expect(isPublicAddress(address)).toBe(true);
});

test.each([
  ["http://127.0.0.1:8080/hook", "127.0.0.1"],
  ["http://10.0.0.7/hook", "10.0.0.7"],
  ["http://169.254.169.254/latest/meta-data/", "169.254.169.254"],
  ["http://[::1]:8080/hook", "::1"],
  ["http://localhost:8080/hook", "localhost resolves to"],
])("%s is refused", async (url, named) => {
  const check = await checkTarget(url, []);
  expect(check.ok).toBe(false);
  if (!check.ok) expect(check.reason).toContain(named);
});

test("an allowed host:port may be private, another port of it may not", async () => {
  const allowed = parseAllowedHosts(" 127.0.0.1:8080 , [::1]:9000,");
  expect(allowed).toEqual(["127.0.0.1:8080", "[::1]:9000"]);
  const ok = await checkTarget("http://127.0.0.1:8080/x", allowed);
  expect(ok).toMatchObject({ ok: true, target: { address: "127.0.0.1", family: 4 } });
  expect(await checkTarget("http://[::1]:9000/x", allowed)).toMatchObject({
    ok: true,
    target: { address: "::1", family: 6 },
  });
  expect((await checkTarget("http://127.0.0.1:8081/x", allowed)).ok).toBe(false);
});

test("a public literal passes without DNS; other schemes and credentials are refused", async () => {
  expect(await checkTarget("https://93.184.216.34/hook", [])).toMatchObject({
    ok: true,
    target: { address: "93.184.216.34" },
  });
  expect(await checkTarget("ftp://93.184.216.34/", [])).toMatchObject({ ok: false });
  expect(await checkTarget("https://user:pw@93.184.216.34/", [])).toMatchObject({ ok: false });
  expect(await checkTarget("not a url", [])).toMatchObject({ ok: false });
});

// An IPv6 address that carries an IPv4 one leads to it: judged by it (docs/webhooks.md, "Where webhooks may go").
test.each([
  ["IPv4-compatible, hex", "::7f00:1"],
  ["IPv4-compatible, dotted", "::127.0.0.1"],
  ["mapped, hex", "::ffff:7f00:1"],
  ["SIIT-translated, hex", "::ffff:0:7f00:1"],
  ["SIIT-translated, dotted", "::ffff:0:10.0.0.1"],
  ["mapped, written out", "0:0:0:0:0:ffff:c0a8:0101"],
  ["6to4 of loopback", "2002:7f00:1::1"],
  ["6to4 of a private network", "2002:c0a8:101:1::5"],
  ["NAT64 of loopback", "64:ff9b::7f00:1"],
  ["NAT64, dotted", "64:ff9b::10.1.2.3"],
  ["local-use NAT64", "64:ff9b:1::808:808"],
  ["Teredo with a documentation client (RFC 4380's example)", "2001:0:4136:e378:8000:63bf:3fff:fdd2"],
  ["Teredo with a private server", "2001:0:a00:1::f7f7:f7f7"],
])("%s (%s) is not public", (_form, address) => {
  expect(isPublicAddress(address)).toBe(false);
});

test.each([
  ["6to4 of a public address", "2002:808:808::1"],
  ["NAT64 of a public address", "64:ff9b::808:808"],
  ["SIIT-translated public address", "::ffff:0:808:808"],
  ["Teredo with a public server and client", "2001:0:808:404::f7f7:f7f7"],
])("%s (%s) is public", (_form, address) => {
  expect(isPublicAddress(address)).toBe(true);
});

test.each([
  "169.254.169.254",
  "169.254.0.1",
  "100.100.100.200",
  "fe80::1",
  "fe80::1%eth0",
  "fd00:ec2::254",
  "::ffff:169.254.169.254",
  "::ffff:a9fe:a9fe",
  "::ffff:0:a9fe:a9fe",
  "64:ff9b::a9fe:a9fe",
  "2002:a9fe:a9fe::1",
])("%s is link-local or cloud metadata: never reached", (address) => {
  expect(judgeAddress(address)).toBe("forbidden");
});

test.each([
  ["http://169.254.169.254/latest/meta-data/", "169.254.169.254:80"],
  ["http://[fd00:ec2::254]/latest/meta-data/", "[fd00:ec2::254]:80"],
  ["https://[::ffff:a9fe:a9fe]/", "[::ffff:a9fe:a9fe]:443"],
  ["http://[fe80::1]:8080/hook", "[fe80::1]:8080"],
])("%s is refused even when %s is allowed", async (url, allowed) => {
  const check = await checkTarget(url, [allowed]);
  expect(check).toMatchObject({ ok: false });
  if (!check.ok) expect(check.reason).toContain("a link-local or cloud metadata address: webhooks never go there");
});

test("plain http is refused outside the allow-list, with the reason; an allowed host may use it", async () => {
  const refused = await checkTarget("http://93.184.216.34/hook", []);
  expect(refused).toEqual({
    ok: false,
    reason:
      "The URL must start with https://: plain http:// is only for a host an administrator allows (93.184.216.34:80).",
  });
  expect(await checkTarget("http://93.184.216.34:8080/hook", ["93.184.216.34:8080"])).toMatchObject({ ok: true });
  expect(await checkTarget("https://93.184.216.34/hook", [])).toMatchObject({ ok: true });
});
