// The zip reader under the XLSX import: an entry read twice (the merged-ranges pass, then the rows) counts once
// towards the workbook's inflated total, and a reader that stops early leaves no file open.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { deflateParts, zipFile } from "@/test/zip-builder";
import { MAX_INFLATED_BYTES, XlsxZip } from "./xlsx-zip";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tuma-zip-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, data: Buffer): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, data);
  return file;
}

async function drain(chunks: AsyncIterable<string>): Promise<number> {
  let length = 0;
  for await (const chunk of chunks) length += chunk.length;
  return length;
}

test("an entry of 600 MB read twice counts 600 MB towards the 1 GB total, not 1.2 GB", async () => {
  const sheet = "xl/worksheets/sheet1.xml";
  const file = write(
    "twice.xlsx",
    zipFile([{ name: sheet, data: deflateParts([{ unit: "<row/>  ", megabytes: 600 }]) }]),
  );
  const zip = await XlsxZip.open(file);
  expect(await drain(zip.text(sheet, MAX_INFLATED_BYTES))).toBe(600 * 1024 * 1024);
  expect(await drain(zip.text(sheet, MAX_INFLATED_BYTES))).toBe(600 * 1024 * 1024);
});

test("a reader that stops after its first piece closes the file", async () => {
  const name = "xl/sharedStrings.xml";
  const file = write("early.xlsx", zipFile([{ name, data: deflateParts([{ unit: "<row/>  ", megabytes: 50 }]) }]));
  const zip = await XlsxZip.open(file);
  const open = () => fs.readdirSync("/proc/self/fd").filter((fd) => safeLink(fd) === file).length;
  for await (const chunk of zip.text(name, MAX_INFLATED_BYTES)) {
    expect(chunk.length).toBeGreaterThan(0);
    expect(open()).toBe(1);
    break;
  }
  for (let i = 0; i < 200 && open() > 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(open()).toBe(0);
});

function safeLink(fd: string): string | null {
  try {
    return fs.readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return null;
  }
}
