"use client";
// A form run by a server action (useActionState): its answer, whether it is running, and the errors of its fields
// when the action refused them (Field shows each under its control).
import { useActionState } from "react";
import type { ActionResult } from "@/lib/auth/action";

/** A server action as a form posts it: the previous answer and the form's data, in; the new answer, out. */
export type FormAction<R extends ActionResult = ActionResult> = (previous: R | null, form: FormData) => Promise<R>;

export function useActionForm<R extends ActionResult>(action: FormAction<R>) {
  const [state, formAction, pending] = useActionState(action, null);
  const errors = state?.ok === false ? (state.fieldErrors ?? {}) : {};
  return { state, formAction, pending, errors };
}
