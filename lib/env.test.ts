// Start-up refuses a receipt address in clear against a real provider (issue 42, item 4): the provider would send
// every receipt, the account's receipt secret in its path, over http. With the sandbox, or on loopback (a provider on
// this machine), http stays allowed.
import { expect, test } from "vitest";
import { parseEnv } from "./env";

const settings = (vars: Record<string, string>) => parseEnv({ NODE_ENV: "test", ...vars });

test("an http RECEIPT_BASE_URL with SANDBOX off stops start-up with a sentence naming it", () => {
  for (const url of ["http://tuma.example.org", "http://203.0.113.7:3000/", "http://[2001:db8::1]/"])
    expect(() => settings({ SANDBOX: "off", RECEIPT_BASE_URL: url })).toThrow(
      `Environment variable RECEIPT_BASE_URL is invalid: must start with https:// when SANDBOX is off: the provider sends each receipt to it with the account's receipt secret in the path, which http shows to every network on the way (got "${url}").`,
    );
});

test("https, the sandbox, or a loopback address are accepted", () => {
  expect(settings({ SANDBOX: "off", RECEIPT_BASE_URL: "https://tuma.example.org" }).RECEIPT_BASE_URL).toBe(
    "https://tuma.example.org",
  );
  expect(settings({ RECEIPT_BASE_URL: "http://tuma.example.org" }).RECEIPT_BASE_URL).toBe("http://tuma.example.org");
  for (const url of ["http://127.0.0.1:3000", "http://localhost:3000", "http://[::1]:3000"])
    expect(settings({ SANDBOX: "off", RECEIPT_BASE_URL: url }).RECEIPT_BASE_URL).toBe(url);
});
