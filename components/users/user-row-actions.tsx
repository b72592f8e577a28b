"use client";

import { useState, useTransition } from "react";
import { RowAction, RowResult } from "@/components/console/row-action";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/field";
import { CopyField } from "@/components/ui/copy-button";
import type { ActionResult } from "@/lib/auth/action";
import { formatCount } from "@/lib/numbers/format";

type Result = ActionResult & { oneTimePassword?: string };

const ROLE_NAMES: Record<string, string> = { VIEWER: "a viewer", OPERATOR: "an operator", ADMIN: "an admin" };

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
  // The role chosen in the select, applied only by "Save role"; a saved change comes back as the user's role.
  const [role, setRole] = useState(user.role);
  const [savedRole, setSavedRole] = useState(user.role);
  if (savedRole !== user.role) {
    setSavedRole(user.role);
    setRole(user.role);
  }
  const [pending, startTransition] = useTransition();
  const run = (work: () => Promise<ActionResult>) => startTransition(async () => setResult(await work()));
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label className="sr-only" htmlFor={`role-${user.id}`}>
        Role of {user.email}
      </label>
      {/* Choosing a role changes nothing yet (an arrow key on a focused select would otherwise make a viewer an
          admin): "Save role" applies it, naming the change, and Cancel puts the select back. */}
      <Select
        id={`role-${user.id}`}
        value={role}
        disabled={pending}
        className="w-auto py-1"
        onChange={(e) => setRole(e.target.value)}
      >
        <option value="VIEWER">viewer</option>
        <option value="OPERATOR">operator</option>
        <option value="ADMIN">admin</option>
      </Select>
      {role !== user.role ? (
        <>
          <Button
            size="sm"
            variant="primary"
            disabled={pending}
            aria-label={`Save the role of ${user.email}: ${ROLE_NAMES[role] ?? role}`}
            onClick={() => run(() => actions.changeRole(user.id, role))}
          >
            Save role
          </Button>
          <Button size="sm" disabled={pending} onClick={() => setRole(user.role)}>
            Cancel
          </Button>
          <p className="w-full text-sm text-slate-700" data-testid="role-change">
            {user.email} becomes {ROLE_NAMES[role] ?? role} (now {ROLE_NAMES[user.role] ?? user.role}) when saved.
          </p>
        </>
      ) : null}
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
                ? ` and their ${formatCount(user.liveKeys)} live API ${user.liveKeys === 1 ? "key is" : "keys are"} revoked`
                : ""
            }.`,
          ) && run(() => actions.resetPassword(user.id))
        }
      >
        Reset password
      </Button>
      <RowResult result={result} className="w-full text-sm" />
      {result?.ok && result.oneTimePassword ? (
        <CopyField label="One-time password" value={result.oneTimePassword} className="w-full" />
      ) : null}
    </div>
  );
}
