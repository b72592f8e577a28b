// Who may do what, in one place. Pages, server actions and route handlers call these; none re-derive roles.
import type { Role } from "@/lib/generated/prisma/enums";

export type Actor = {
  id: string;
  email: string;
  name: string;
  role: Role;
  mustChangePassword: boolean;
  /** A viewer an administrator allowed to export recipients (User.exportGranted). */
  exportGranted?: boolean;
};

export const canView = (_actor: Actor): boolean => true;
export const canSend = (actor: Actor): boolean => actor.role === "ADMIN" || actor.role === "OPERATOR";
/**
 * Downloading recipients — their numbers, texts and list rows (batch and list exports, console and API): personal
 * data, so a permission of its own (issue 35). Admins and operators by their role; a viewer when an administrator
 * granted it on the Users page (audited).
 */
export const canExport = (actor: Actor): boolean =>
  actor.role === "ADMIN" || actor.role === "OPERATOR" || actor.exportGranted === true;
export const EXPORT_REFUSAL =
  "Exporting recipients needs the export permission: a viewer gets it from an administrator, on the Users page.";
export const canManageAccounts = (actor: Actor): boolean => actor.role === "ADMIN";
export const canManageUsers = (actor: Actor): boolean => actor.role === "ADMIN";
/** The raw receipt log: the provider's callbacks as received, with numbers from every account. */
export const canViewReceipts = (actor: Actor): boolean => actor.role === "ADMIN";
/** A number on a carrier blacklist (the network says it blocked the sender) is re-enrolled by an administrator only. */
export const canRemoveCarrierOptOuts = (actor: Actor): boolean => actor.role === "ADMIN";
/** Webhook endpoints see every message outcome of every account, and their secrets sign in Tuma's name. */
export const canManageWebhooks = (actor: Actor): boolean => actor.role === "ADMIN";
