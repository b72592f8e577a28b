// How many connections a process holds to PostgreSQL right now, counted by the kernel: its TCP sockets (from
// /proc/<pid>/fd) that are established to the database's port (from /proc/net/tcp). Linux only.
import fs from "node:fs";

export function connectionsOf(pid: number, databasePort: number): number {
  const inodes = new Set<string>();
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.add(match[1]!);
    } catch {
      // closed meanwhile
    }
  }
  const port = databasePort.toString(16).toUpperCase().padStart(4, "0");
  // Distinct sockets, not lines: /proc/net/tcp is read in several chunks while sockets come and go, and the kernel
  // resumes each chunk by position, so a socket can be listed twice in one read. Counting lines counted one worker at
  // 14 and 20 on a budget of 10 while PostgreSQL saw no such connections (bench/many-processes.ts, 2026-11-26).
  const established = new Set<string>();
  for (const table of ["tcp", "tcp6"]) {
    const lines = fs.readFileSync(`/proc/${pid}/net/${table}`, "utf8").trim().split("\n").slice(1);
    for (const line of lines) {
      const fields = line.trim().split(/\s+/);
      // remote address is field 2 ("ADDR:PORT"), state field 3 (01 = established), inode field 9.
      if (fields[2]?.endsWith(`:${port}`) && fields[3] === "01" && inodes.has(fields[9]!)) established.add(fields[9]!);
    }
  }
  return established.size;
}
