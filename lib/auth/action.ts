// The one gate for server actions: who is asking (re-read from the database), are they allowed, and one result shape
// for forms ({ ok, message, fieldErrors }) with known failures turned into messages and unknown ones hidden.
import "server-only";
import { isAppError } from "@/lib/errors/app-error";
import type { Actor } from "./permissions";
import { currentActor } from "./session";

export type ActionResult = { ok: boolean; message: string; fieldErrors?: Record<string, string[]>; redirectTo?: string };

export async function authorizedAction(
  allowed: (actor: Actor) => boolean,
  work: (actor: Actor) => Promise<ActionResult>,
): Promise<ActionResult> {
  const actor = await currentActor();
  if (!actor) return { ok: false, message: "Your session has ended. Log in again." };
  if (!allowed(actor)) return { ok: false, message: "Your role does not allow this." };
  try {
    return await work(actor);
  } catch (error) {
    if (isAppError(error)) return { ok: false, message: error.message, fieldErrors: error.details };
    console.error("[action] unexpected error", error);
    return { ok: false, message: "Something went wrong on our side; nothing was changed. Try again." };
  }
}
