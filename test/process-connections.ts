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
  let count = 0;
  for (const table of ["tcp", "tcp6"]) {
    const lines = fs.readFileSync(`/proc/${pid}/net/${table}`, "utf8").trim().split("\n").slice(1);
    for (const line of lines) {
      const fields = line.trim().split(/\s+/);
      // remote address is field 2 ("ADDR:PORT"), state field 3 (01 = established), inode field 9.
      if (fields[2]?.endsWith(`:${port}`) && fields[3] === "01" && inodes.has(fields[9]!)) count++;
    }
  }
  return count;
}
