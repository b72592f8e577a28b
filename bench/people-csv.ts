// A CSV of people to upload (bench/import.ts, bench/hostile.ts), written to disk 10,000 lines at a time: a header
// "phone,name,town", then row i as `<phoneOf(i)>,Name i,Town i % 47`.
import fs from "node:fs";

/** `rows` people written to `file`: its size in bytes. */
export function writePeopleCsv(file: string, rows: number, phoneOf: (i: number) => string): number {
  const fd = fs.openSync(file, "w");
  fs.writeSync(fd, "phone,name,town\n");
  for (let from = 0; from < rows; from += 10_000) {
    const lines = Array.from({ length: Math.min(10_000, rows - from) }, (_, k) => from + k);
    fs.writeSync(fd, `${lines.map((i) => `${phoneOf(i)},Name ${i},Town ${i % 47}`).join("\n")}\n`);
  }
  fs.closeSync(fd);
  return fs.statSync(file).size;
}
