// Plain http to a provider goes only to loopback (lib/provider/base-url.ts), and to the embedded sandbox's own host
// name when SANDBOX_HOST names one (compose.yaml: workers reach the console's sandbox across the stack's network).
// The environment is read once per process (lib/env.ts), so it is set before the module is loaded.
import { expect, test } from "vitest";

process.env.SANDBOX = "on";
process.env.SANDBOX_HOST = "console";
const { baseUrlProblem, HTTPS_ONLY, resolvedAddressProblem } = await import("./base-url");

test("http to the sandbox's host name is allowed, by its name and where the name resolved", () => {
  expect(baseUrlProblem("http://console:4010/api/v1")).toBeNull();
  expect(baseUrlProblem("http://CONSOLE:4010/api/v1")).toBeNull();
  expect(resolvedAddressProblem("http:", "172.18.0.3", "console")).toBeNull();
});

test("http anywhere else is still refused, and the sandbox's name does not unlock metadata addresses", () => {
  expect(baseUrlProblem("http://console.example.com/api/v1")).toBe(HTTPS_ONLY);
  expect(baseUrlProblem("http://worker:4010/api/v1")).toBe(HTTPS_ONLY);
  expect(resolvedAddressProblem("http:", "172.18.0.3", "other")).toBe(HTTPS_ONLY);
  expect(resolvedAddressProblem("http:", "172.18.0.3")).toBe(HTTPS_ONLY);
  expect(resolvedAddressProblem("http:", "169.254.169.254", "console")).not.toBeNull();
});
