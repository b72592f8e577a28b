import type { Metadata } from "next";
import { AccountForm } from "@/components/settings/account-form";
import { requireActor } from "@/lib/auth/session";
import { canManageAccounts } from "@/lib/auth/permissions";
import { listAccounts } from "@/lib/accounts/list-accounts";
import { listUsers } from "@/lib/users/list-users";
import { saveAccountAction } from "./actions";

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
      <section className="space-y-3">
        <h2 className="text-lg font-semibold">Edit or add an account</h2>
        <p className="text-sm text-slate-600">
          Switching from the sandbox to the real provider is its base URL and token. Tokens are stored encrypted and never
          shown again; changes are audited.
        </p>
        {accounts.map((account) => (
          <details key={account.id} className="rounded-lg">
            <summary className="cursor-pointer text-sm font-medium text-sky-700">Edit {account.name}</summary>
            <div className="mt-2">
              <AccountForm initial={account} action={saveAccountAction} />
            </div>
          </details>
        ))}
        <details className="rounded-lg">
          <summary className="cursor-pointer text-sm font-medium text-sky-700">Add an account</summary>
          <div className="mt-2">
            <AccountForm
              initial={{ name: "", baseUrl: "", defaultSender: "", defaultOriginator: "", requestsPerSecond: 120, batchSizeLimit: 100, isDefault: false }}
              action={saveAccountAction}
            />
          </div>
        </details>
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
