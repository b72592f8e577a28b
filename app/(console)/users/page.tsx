import type { Metadata } from "next";
import { Time } from "@/components/time/time";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Table, Td, Tr } from "@/components/ui/table";
import { NewUserForm } from "@/components/users/new-user-form";
import { UserRowActions } from "@/components/users/user-row-actions";
import { ExportGrant } from "@/components/users/export-grant";
import { canManageUsers } from "@/lib/auth/permissions";
import { requireActor } from "@/lib/auth/session";
import { listUsers } from "@/lib/users/list-users";
import {
  changeRoleAction,
  createUserAction,
  resetPasswordAction,
  setDisabledAction,
  setExportGrantAction,
} from "./actions";
import { formatCount } from "@/lib/numbers/format";

export const metadata: Metadata = { title: "Users" };
export const dynamic = "force-dynamic";

export default async function UsersPage() {
  const actor = await requireActor(canManageUsers);
  const users = await listUsers();
  const actions = { changeRole: changeRoleAction, setDisabled: setDisabledAction, resetPassword: resetPasswordAction };
  return (
    <div className="space-y-8">
      <PageHeader title="Users" description="Who may use the console, with which role. Every change is audited." />
      <Card title="Add a user" aria-label="Add a user">
        <NewUserForm action={createUserAction} />
      </Card>
      {/* Two columns — the person (with their status and last log-in) and what can be done — so that on a 390 px
          screen the actions sit beside or under the name, never in a column scrolled off to the side (issue 19). */}
      <Table aria-label="Users" columns={["User", "Role and actions"]}>
        {users.map((user) => (
          <Tr key={user.id} className="align-top">
            <Td className="min-w-0">
              <div className="font-medium">{user.name}</div>
              <div className="break-all text-slate-600">{user.email}</div>
              <div className="mt-1 flex flex-wrap items-center gap-1 text-xs text-slate-600">
                {user.disabledAt ? <Badge tone="danger">disabled</Badge> : <Badge tone="success">active</Badge>}
                {user.mustChangePassword ? <Badge tone="warning">one-time password</Badge> : null}
                <span>last log-in {user.lastLoginAt ? <Time at={user.lastLoginAt} /> : "never"}</span>
                <span>
                  · {formatCount(user._count.apiKeys)} live API {user._count.apiKeys === 1 ? "key" : "keys"}
                </span>
              </div>
            </Td>
            <Td>
              <UserRowActions
                user={{
                  id: user.id,
                  email: user.email,
                  role: user.role,
                  disabled: user.disabledAt !== null,
                  liveKeys: user._count.apiKeys,
                }}
                self={user.id === actor.id}
                actions={actions}
              />
              <ExportGrant user={user} setGrant={setExportGrantAction} />
            </Td>
          </Tr>
        ))}
      </Table>
    </div>
  );
}
