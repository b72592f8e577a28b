import "server-only";
import { db } from "@/lib/db/client";

export function listUsers() {
  return db.user.findMany({
    orderBy: { email: "asc" },
    select: {
      id: true,
      email: true,
      name: true,
      role: true,
      disabledAt: true,
      lastLoginAt: true,
      mustChangePassword: true,
      exportGranted: true,
    },
  });
}
