// What the benchmarks read of a process in Linux /proc: its stat fields (its parent, its CPU ticks) and its sizes
// (RSS, the high-water mark, PSS), for the memory and CPU figures of idle-memory, export-memory and message-cost.
import fs from "node:fs";

/** Every process's id now. */
export const allPids = (): number[] =>
  fs.readdirSync("/proc").flatMap((entry) => (/^\d+$/.test(entry) ? [Number(entry)] : []));

/** Field `n` of /proc/<pid>/stat (man 5 proc: 4 the parent, 14–17 CPU ticks), or null once it has exited. */
export function statOf(pid: number): ((n: number) => number) | null {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null; // exited meanwhile
  }
  // The command name (field 2) may hold spaces: the fields after it start past its closing parenthesis.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return (n) => Number(fields[n - 3]);
}

/** A size of /proc/<pid>/status ("VmRSS", "VmHWM") or of its smaps_rollup ("Pss"), in KiB (0 when it has none). */
export function kibOf(pid: number | "self", field: string): number {
  const text = fs.readFileSync(`/proc/${pid}/${field === "Pss" ? "smaps_rollup" : "status"}`, "utf8");
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(text)?.[1] ?? 0);
}
