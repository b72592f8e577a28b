// The console's pages in the main navigation, each with who may open it: one list for the menu. Pages check the same
// permissions on the server; hiding a link is only a courtesy.
import {
  canManageAccounts,
  canManageUsers,
  canSend,
  canView,
  canViewReceipts,
  type Actor,
} from "@/lib/auth/permissions";

export type NavItem = { href: string; label: string; allowed: (actor: Actor) => boolean };

export const NAV_ITEMS: NavItem[] = [
  { href: "/", label: "Overview", allowed: canView },
  { href: "/compose", label: "Compose", allowed: canSend },
  { href: "/lists", label: "Lists", allowed: canSend },
  { href: "/templates", label: "Templates", allowed: canSend },
  { href: "/opt-outs", label: "Opt-outs", allowed: canSend },
  { href: "/batches", label: "Batches", allowed: canView },
  { href: "/receipts", label: "Receipts", allowed: canViewReceipts },
  { href: "/users", label: "Users", allowed: canManageUsers },
  { href: "/audit", label: "Audit", allowed: canManageUsers },
  { href: "/settings", label: "Settings", allowed: canManageAccounts },
  { href: "/api-keys", label: "API keys", allowed: canView },
  { href: "/api-reference", label: "API", allowed: canView },
];

export function navFor(actor: Actor): { href: string; label: string }[] {
  return NAV_ITEMS.filter((item) => item.allowed(actor)).map(({ href, label }) => ({ href, label }));
}
