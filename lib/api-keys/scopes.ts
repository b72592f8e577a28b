// What an API key may do: its scopes, always within its user's role (lib/auth/permissions.ts). A Viewer's key with
// `send` still cannot send; `admin` is given by administrators only, and its use is audited (lib/api/api-route.ts).
import { z } from "zod";
import type { Role } from "@/lib/generated/prisma/enums";

export const API_SCOPES = ["send", "read", "lists", "admin"] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const SCOPE_MEANING: Record<ApiScope, string> = {
  send: "send messages and batches, pause, resume, cancel and resend them",
  read: "read batches, messages and their receipts, export batches",
  lists: "upload recipient lists",
  admin: "administrative operations (administrators only; every use is audited)",
};

/** "send,read" or ["send", "read"]: each scope once, in the order of API_SCOPES. */
export const scopesSchema = z
  .preprocess(
    (value) => (typeof value === "string" ? value.split(",").map((part) => part.trim()) : value),
    z
      .array(z.enum(API_SCOPES, { error: `A scope is one of ${API_SCOPES.join(", ")}.` }))
      .min(1, "Choose at least one scope."),
  )
  .transform((scopes) => API_SCOPES.filter((scope) => scopes.includes(scope)));

/** Whether a user with this role may give a key this scope (only the `admin` scope is restricted). */
export function roleMayGrant(role: Role, scope: ApiScope): boolean {
  return scope !== "admin" || role === "ADMIN";
}
