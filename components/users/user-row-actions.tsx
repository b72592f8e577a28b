"use client";

import { useState, useTransition } from "react";
import { RowAction } from "@/components/console/row-action";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/field";
import { CopyField } from "@/components/ui/copy-button";
import type { ActionResult } from "@/lib/auth/action";

type Result = ActionResult & { oneTimePassword?: string };

export type UserActions = {
  changeRole: (userId: string, role: string) => Promise<ActionResult>;
  setDisabled: (userId: string, disabled: boolean) => Promise<ActionResult>;
  resetPassword: (userId: string) => Promise<Result>;
};

/** The controls of one user's row: role, disable/enable, reset password, and what came of the last one. */
export function UserRowActions({
  user,
  self,
  actions,
}: {
  user: { id: string; email: string; role: string; disabled: boolean; liveKeys: number };
  self: boolean;
  actions: UserActions;
}) {
  const [result, setResult] = useState<Result | null>(null);
  const [pending, startTransition] = useTransition();
  const run = (work: () => Promise<ActionResult>) => startTransition(async () => setResult(await work()));
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label className="sr-only" htmlFor={`role-${user.id}`}>
        Role of {user.email}
      </label>
      <Select
        id={`role-${user.id}`}
        value={user.role}
        disabled={pending}
        className="w-auto py-1"
        onChange={(e) => run(() => actions.changeRole(user.id, e.target.value))}
      >
        <option value="VIEWER">viewer</option>
        <option value="OPERATOR">operator</option>
        <option value="ADMIN">admin</option>
      </Select>
      {self ? null : user.disabled ? (
        <Button size="sm" disabled={pending} onClick={() => run(() => actions.setDisabled(user.id, false))}>
          Enable
        </Button>
      ) : (
        // Disabling ends their sessions at once: asked first, like every row action that takes something away.
        <RowAction
          label="Disable"
          name="Disable"
          confirm={`Disable ${user.email}? Their sessions end at once and they cannot log in until an administrator enables them again. Nothing they sent or uploaded is removed.`}
          confirmLabel="Disable the user"
          run={async () => {
            const answer = await actions.setDisabled(user.id, true);
            setResult(answer);
            return answer;
          }}
        />
      )}
      <Button
        size="sm"
        disabled={pending}
        onClick={() =>
          // Said first: the reset revokes their API keys too (lib/users/reset-password.ts), which stops their systems.
          window.confirm(
            `Reset the password of ${user.email}? Their sessions end${
              user.liveKeys > 0
                ? ` and their ${user.liveKeys.toLocaleString("en")} live API ${user.liveKeys === 1 ? "key is" : "keys are"} revoked`
                : ""
            }.`,
          ) && run(() => actions.resetPassword(user.id))
        }
      >
        Reset password
      </Button>
      {result ? (
        <p
          role={result.ok ? "status" : "alert"}
          className={`w-full text-sm ${result.ok ? "text-emerald-800" : "text-red-700"}`}
        >
          {result.message}
        </p>
      ) : null}
      {result?.ok && result.oneTimePassword ? (
        <CopyField label="One-time password" value={result.oneTimePassword} className="w-full" />
      ) : null}
    </div>
  );
}
