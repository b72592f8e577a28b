// Where webhooks may go: private, loopback, link-local (metadata), unique-local, CGNAT and mapped addresses are
// refused, by literal and by a name that resolves to them, unless host:port is allowed; public addresses pass.
import { expect, test } from "vitest";
import { checkTarget, isPublicAddress, parseAllowedHosts } from "./address-policy";

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
