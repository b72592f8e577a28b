// The check every webhook service starts with: only an administrator manages webhooks (lib/auth/permissions.ts).
import "server-only";
import { canManageWebhooks, type Actor } from "@/lib/auth/permissions";
import { AppError } from "@/lib/errors/app-error";

export function assertCanManageWebhooks(actor: Actor): void {
  if (!canManageWebhooks(actor)) throw new AppError("FORBIDDEN", "Only an administrator manages webhooks.");
}
