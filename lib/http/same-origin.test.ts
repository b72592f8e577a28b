import { expect, test } from "vitest";
import { FOREIGN_ORIGIN, foreignOrigin } from "./same-origin";

const APP = "https://tuma.example.com";
const check = (method: string, headers: Record<string, string>) => foreignOrigin(method, new Headers(headers), APP);

test("a POST from another site is refused, by Origin or by Sec-Fetch-Site", () => {
  expect(check("POST", { origin: "https://evil.example", host: "tuma.example.com" })).toBe(FOREIGN_ORIGIN);
  expect(check("POST", { origin: "null", host: "tuma.example.com" })).toBe(FOREIGN_ORIGIN);
  expect(check("POST", { origin: "https://tuma.example.com.evil.example", host: "tuma.example.com" })).toBe(
    FOREIGN_ORIGIN,
  );
  expect(check("PUT", { "sec-fetch-site": "cross-site", host: "tuma.example.com" })).toBe(FOREIGN_ORIGIN);
  expect(check("DELETE", { "sec-fetch-site": "same-site", origin: APP })).toBe(FOREIGN_ORIGIN);
});

test("the console's own pages, and clients that are no browser, may POST; reads are never refused", () => {
  expect(check("POST", { origin: APP, "sec-fetch-site": "same-origin" })).toBeNull();
  // Reached by another of its names (the Host the browser sent matches the page's origin).
  expect(check("POST", { origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000" })).toBeNull();
  expect(check("POST", { host: "tuma.example.com" })).toBeNull();
  expect(check("GET", { origin: "https://evil.example", "sec-fetch-site": "cross-site" })).toBeNull();
  expect(check("HEAD", { origin: "https://evil.example" })).toBeNull();
});
