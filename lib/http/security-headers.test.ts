import { expect, test } from "vitest";
import { transportSecurityHeaders } from "./security-headers";

test("HSTS is sent when the console is reached over https, and not over plain http", () => {
  expect(transportSecurityHeaders("https://tuma.example.com")).toEqual({
    "Strict-Transport-Security": "max-age=31536000",
  });
  expect(transportSecurityHeaders("http://localhost:3000")).toEqual({});
  expect(transportSecurityHeaders(undefined)).toEqual({});
});
