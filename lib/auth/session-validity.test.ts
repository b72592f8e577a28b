import { describe, expect, test } from "vitest";
import { sessionIsCurrent } from "./session-validity";

const HOUR = 3600;
const loggedInAt = new Date("2026-11-22T08:00:00Z");
const claims = { sessionVersion: 3, authenticatedAt: loggedInAt.getTime() / 1000 };
const owner = { sessionVersion: 3, disabledAt: null };
const at = (hours: number) => new Date(loggedInAt.getTime() + hours * HOUR * 1000);

describe("sessionIsCurrent", () => {
  test("a session is current until its lifetime after log-in, whatever happened in between", () => {
    expect(sessionIsCurrent(claims, owner, 12 * HOUR, at(0))).toBe(true);
    expect(sessionIsCurrent(claims, owner, 12 * HOUR, at(11.99))).toBe(true);
    expect(sessionIsCurrent(claims, owner, 12 * HOUR, at(12))).toBe(false);
    expect(sessionIsCurrent(claims, owner, 12 * HOUR, at(24 * 30))).toBe(false);
  });

  test("a token from before the last log-out or disabling (an older version) is refused", () => {
    expect(sessionIsCurrent(claims, { ...owner, sessionVersion: 4 }, 12 * HOUR, at(1))).toBe(false);
  });

  test("a disabled user's session is refused", () => {
    expect(sessionIsCurrent(claims, { ...owner, disabledAt: at(0.5) }, 12 * HOUR, at(1))).toBe(false);
  });
});
