import type { Metadata } from "next";
import { Time } from "@/components/time/time";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Table, Td, THead, Th, Tr } from "@/components/ui/table";
import { NewUserForm } from "@/components/users/new-user-form";
import { UserRowActions } from "@/components/users/user-row-actions";
import { canManageUsers } from "@/lib/auth/permissions";
import { requireActor } from "@/lib/auth/session";
import { listUsers } from "@/lib/users/list-users";
import { changeRoleAction, createUserAction, resetPasswordAction, setDisabledAction } from "./actions";

export const metadata: Metadata = { title: "Users" };
export const dynamic = "force-dynamic";

export default async function UsersPage() {
  const actor = await requireActor(canManageUsers);
  const users = await listUsers();
  const actions = { changeRole: changeRoleAction, setDisabled: setDisabledAction, resetPassword: resetPasswordAction };
  return (
    <div className="space-y-8">
      <PageHeader title="Users" description="Who may use the console, with which role. Every change is audited." />
      <Card title="Add a user">
        <NewUserForm action={createUserAction} />
      </Card>
      <Table>
        <THead>
          <Th>User</Th>
          <Th>Status</Th>
          <Th>Last log-in</Th>
          <Th>Role and actions</Th>
        </THead>
        <tbody>
          {users.map((user) => (
            <Tr key={user.id}>
              <Td>
                <div className="font-medium">{user.name}</div>
                <div className="text-slate-600">{user.email}</div>
              </Td>
              <Td>
                {user.disabledAt ? <Badge tone="danger">disabled</Badge> : <Badge tone="success">active</Badge>}{" "}
                {user.mustChangePassword ? <Badge tone="warning">one-time password</Badge> : null}
              </Td>
              <Td className="whitespace-nowrap text-slate-600">
                {user.lastLoginAt ? <Time at={user.lastLoginAt} /> : "never"}
              </Td>
              <Td>
                <UserRowActions
                  user={{ id: user.id, email: user.email, role: user.role, disabled: user.disabledAt !== null }}
                  self={user.id === actor.id}
                  actions={actions}
                />
              </Td>
            </Tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
