// The one gate for server actions: who is asking (re-read from the database), are they allowed, is the input what
// the schema says, and one result shape for forms ({ ok, message, fieldErrors }) with known failures turned into
// messages and unknown ones hidden. An action file is then a few lines of intent.
import "server-only";
import type { z } from "zod";
import { AppError, type FieldErrors } from "@/lib/errors/app-error";
import { invalidInput, toErrorBody } from "@/lib/errors/error-shape";
import type { Actor } from "./permissions";
import { sessionState } from "./session";

export type ActionResult = { ok: boolean; message: string; fieldErrors?: FieldErrors; redirectTo?: string };

type Gate<S extends z.ZodType> = {
  allowed: (actor: Actor) => boolean;
  input: S;
  /** The one action a user on a one-time password may take: choosing their own. */
  whilePasswordMustChange?: boolean;
};

/** Form posts arrive as FormData: one value per name, the last one winning (checkboxes send "on"). */
function plain(raw: unknown): unknown {
  return raw instanceof FormData ? Object.fromEntries(raw) : raw;
}

export async function authorizedAction<S extends z.ZodType>(
  gate: Gate<S>,
  raw: unknown,
  work: (input: z.output<S>, actor: Actor) => Promise<ActionResult>,
): Promise<ActionResult> {
  try {
    const state = await sessionState();
    const { actor } = state;
    if (!actor)
      throw new AppError(
        "UNAUTHENTICATED",
        state.idle
          ? "Your session ended after a time without activity. Log in again."
          : "Your session has ended. Log in again.",
      );
    if (actor.mustChangePassword && !gate.whilePasswordMustChange)
      throw new AppError("FORBIDDEN", "Choose your own password first.");
    if (!gate.allowed(actor)) throw new AppError("FORBIDDEN", "Your role does not allow this.");
    const parsed = gate.input.safeParse(plain(raw));
    if (!parsed.success) throw invalidInput(parsed.error);
    return await work(parsed.data, actor);
  } catch (error) {
    const { body } = toErrorBody(error, "action");
    return { ok: false, message: body.message, ...(body.fieldErrors ? { fieldErrors: body.fieldErrors } : {}) };
  }
}
