import type { Metadata } from "next";
import { requireActor } from "@/lib/auth/session";
import { canManageAccounts } from "@/lib/auth/permissions";
import { listAccounts } from "@/lib/accounts/list-accounts";
import { listUsers } from "@/lib/users/list-users";

export const metadata: Metadata = { title: "Settings" };
export const dynamic = "force-dynamic";

export default async function SettingsPage() {
  await requireActor(canManageAccounts);
  const [accounts, users] = await Promise.all([listAccounts(), listUsers()]);
  return (
    <div className="space-y-10">
      <h1 className="text-2xl font-semibold">Settings</h1>
      <section>
        <h2 className="mb-3 text-lg font-semibold">Provider accounts</h2>
        <table className="w-full rounded-lg bg-white text-sm shadow-sm">
          <thead className="bg-slate-100 text-left text-slate-600">
            <tr>
              <th className="px-3 py-2">Name</th>
              <th className="px-3 py-2">Base URL</th>
              <th className="px-3 py-2">Token</th>
              <th className="px-3 py-2">Sender / originator</th>
              <th className="px-3 py-2 text-right">Requests/s</th>
              <th className="px-3 py-2 text-right">Batch size</th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((account) => (
              <tr key={account.id} className="border-t border-slate-100">
                <td className="px-3 py-2">
                  {account.name} {account.isDefault ? <span className="text-xs text-slate-500">(default)</span> : null}
                </td>
                <td className="px-3 py-2 font-mono text-xs">{account.baseUrl}</td>
                <td className="px-3 py-2 font-mono text-xs">…{account.tokenLast4}</td>
                <td className="px-3 py-2">
                  {account.defaultSender} / {account.defaultOriginator}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{account.requestsPerSecond}</td>
                <td className="px-3 py-2 text-right tabular-nums">{account.batchSizeLimit}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section>
        <h2 className="mb-3 text-lg font-semibold">Users</h2>
        <table className="w-full rounded-lg bg-white text-sm shadow-sm">
          <thead className="bg-slate-100 text-left text-slate-600">
            <tr>
              <th className="px-3 py-2">Email</th>
              <th className="px-3 py-2">Name</th>
              <th className="px-3 py-2">Role</th>
              <th className="px-3 py-2">Status</th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr key={user.id} className="border-t border-slate-100">
                <td className="px-3 py-2">{user.email}</td>
                <td className="px-3 py-2">{user.name}</td>
                <td className="px-3 py-2">{user.role.toLowerCase()}</td>
                <td className="px-3 py-2">{user.disabledAt ? "disabled" : "active"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
