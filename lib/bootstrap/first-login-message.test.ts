// What start-up prints about logging in: a generated one-time password once; never a password the operator set.
import { expect, test } from "vitest";
import { firstLoginMessage } from "./first-login-message";

test("a generated password is printed once, with what it is", () => {
  const lines = firstLoginMessage({ email: "admin@tuma.local", created: true, oneTimePassword: "Abc23456789defghjk" });
  expect(lines[0]).toBe("First login — email: admin@tuma.local  password: Abc23456789defghjk");
  expect(lines[1]).toMatch(/^\(a one-time password: you choose your own at the first log-in/);
});

test("a password from ADMIN_PASSWORD is named, never printed", () => {
  expect(firstLoginMessage({ email: "boss@example.com", created: true, oneTimePassword: null })).toEqual([
    "First login — email: boss@example.com with the password in ADMIN_PASSWORD (not printed).",
  ]);
});

test("on later starts, only who the first administrator is", () => {
  expect(firstLoginMessage({ email: "boss@example.com", created: false, oneTimePassword: null })).toEqual([
    "Log in with your account (first administrator: boss@example.com).",
  ]);
  expect(firstLoginMessage({ email: "", created: false, oneTimePassword: null })).toEqual([
    "Log in with your account.",
  ]);
});
