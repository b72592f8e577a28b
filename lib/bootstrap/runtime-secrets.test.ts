// The data directory and its secrets file are private on every start — also when an older version, a backup or a
// person left them readable — and the secrets in them are kept.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { loadOrCreateSecrets } from "./runtime-secrets";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "tuma-secrets-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const mode = (file: string) => fs.statSync(file).mode & 0o777;

test("a new data directory is created 0700 with secrets.json 0600", () => {
  const dataDir = path.join(root, "fresh", ".data");
  const secrets = loadOrCreateSecrets(dataDir);
  expect([mode(dataDir), mode(path.join(dataDir, "secrets.json"))]).toEqual([0o700, 0o600]);
  expect(Buffer.from(secrets.encryptionKey, "base64")).toHaveLength(32);
  expect(fs.readdirSync(dataDir)).toEqual(["secrets.json"]); // no staging file left behind
});

test("an existing readable directory and secrets file are made private, and their secrets kept", () => {
  const dataDir = path.join(root, "old", ".data");
  const first = loadOrCreateSecrets(dataDir);
  const file = path.join(dataDir, "secrets.json");
  fs.chmodSync(dataDir, 0o755);
  fs.chmodSync(file, 0o644);
  expect(loadOrCreateSecrets(dataDir)).toEqual(first);
  expect([mode(dataDir), mode(file)]).toEqual([0o700, 0o600]);
});
