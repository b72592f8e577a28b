"use client";

import { signOut } from "next-auth/react";

export function LogoutButton() {
  return (
    <button
      type="button"
      onClick={() => signOut({ callbackUrl: "/login" })}
      className="rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-100"
    >
      Log out
    </button>
  );
}
