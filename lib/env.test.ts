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
