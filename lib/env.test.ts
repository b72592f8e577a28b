// The rules between variables that parseEnv enforces at start: with the sandbox off (a real deployment), the console's
// address must be https unless plain http is asked for by name.
import { expect, test } from "vitest";
import { EnvError, INSECURE_CONSOLE_URL, parseEnv } from "./env";

type Source = Record<string, string>;
const parse = (source: Source) => parseEnv({ NODE_ENV: "test", ...source });

const refusal = (source: Source): string => {
  try {
    parse(source);
  } catch (error) {
    if (error instanceof EnvError) return error.message;
    throw error;
  }
  return "accepted";
};

test("SANDBOX=off with an http NEXTAUTH_URL, or none (http://localhost), is refused with a sentence naming the way out", () => {
  expect(refusal({ SANDBOX: "off", NEXTAUTH_URL: "http://tuma.example.com" })).toBe(
    `Environment variable NEXTAUTH_URL is invalid: ${INSECURE_CONSOLE_URL} (got "http://tuma.example.com").`,
  );
  expect(refusal({ SANDBOX: "off" })).toBe(`Environment variable NEXTAUTH_URL is invalid: ${INSECURE_CONSOLE_URL}.`);
  expect(INSECURE_CONSOLE_URL).toContain("ALLOW_INSECURE_HTTP=on");
});

test("https, the sandbox on, or ALLOW_INSECURE_HTTP=on start as before", () => {
  expect(refusal({ SANDBOX: "off", NEXTAUTH_URL: "https://tuma.example.com" })).toBe("accepted");
  expect(refusal({ NEXTAUTH_URL: "http://tuma.example.com" })).toBe("accepted");
  expect(refusal({})).toBe("accepted");
  expect(refusal({ SANDBOX: "off", NEXTAUTH_URL: "http://10.0.0.5:3000", ALLOW_INSECURE_HTTP: "on" })).toBe("accepted");
  expect(parse({ SANDBOX: "off", ALLOW_INSECURE_HTTP: "yes" }).ALLOW_INSECURE_HTTP).toBe(true);
});

// Start-up refuses a receipt address in clear against a real provider (issue 42, item 4): the provider would send
// every receipt, the account's receipt secret in its path, over http. With the sandbox, or on loopback (a provider on
// this machine), http stays allowed.

// The console itself on https, so that only the receipt address is judged.
const settings = (vars: Record<string, string>) =>
  parseEnv({ NODE_ENV: "test", NEXTAUTH_URL: "https://tuma.example.org", ...vars });

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

test("SANDBOX_HOST is loopback unless set, and a host name or IPv4 address, nothing that could bend the account's URL", () => {
  expect(parse({}).SANDBOX_HOST).toBe("127.0.0.1");
  expect(parse({ SANDBOX_HOST: "console" }).SANDBOX_HOST).toBe("console");
  expect(parse({ SANDBOX_HOST: "10.0.0.5" }).SANDBOX_HOST).toBe("10.0.0.5");
  for (const bad of ["evil.example@console", "console/path", "console:4010", "-x"])
    expect(refusal({ SANDBOX_HOST: bad })).toBe(
      `Environment variable SANDBOX_HOST is invalid: must be a host name or an IPv4 address (got "${bad}").`,
    );
});
