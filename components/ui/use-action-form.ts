"use client";
// A form run by a server action (useActionState): its answer, whether it is running, and the errors of its fields
// when the action refused them (Field shows each under its control).
import { useActionState } from "react";
import type { ActionResult } from "@/lib/auth/action";

/** A server action as a form posts it: the previous answer and the form's data, in; the new answer, out. */
export type FormAction<R extends ActionResult = ActionResult> = (previous: R | null, form: FormData) => Promise<R>;

/** `onOk`: what the form does after a success besides showing it (empty its fields for the next one). */
export function useActionForm<R extends ActionResult>(action: FormAction<R>, onOk?: (result: R) => void) {
  const [state, formAction, pending] = useActionState<R | null, FormData>(
    onOk
      ? async (previous, form) => {
          const result = await action(previous, form);
          if (result.ok) onOk(result);
          return result;
        }
      : action,
    null,
  );
  const errors = state?.ok === false ? (state.fieldErrors ?? {}) : {};
  return { state, formAction, pending, errors };
}
