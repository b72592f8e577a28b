import type { Metadata } from "next";
import { NewKeyForm } from "@/components/api-keys/new-key-form";
import { RowAction } from "@/components/console/row-action";
import { Time } from "@/components/time/time";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Table, Td, Tr } from "@/components/ui/table";
import { listApiKeys } from "@/lib/api-keys/list-api-keys";
import { API_SCOPES, roleMayGrant, SCOPE_MEANING } from "@/lib/api-keys/scopes";
import { canManageUsers, canView } from "@/lib/auth/permissions";
import { requireActor } from "@/lib/auth/session";
import { createApiKeyAction, revokeApiKeyAction } from "./actions";

export const metadata: Metadata = { title: "API keys" };
export const dynamic = "force-dynamic";

export default async function ApiKeysPage() {
  const actor = await requireActor(canView);
  // Administrators see every user's keys (and may revoke any); others their own.
  const everyone = canManageUsers(actor);
  const keys = await listApiKeys(everyone ? null : actor.id);
  const scopes = API_SCOPES.filter((scope) => roleMayGrant(actor.role, scope)).map((scope) => ({
    scope,
    meaning: SCOPE_MEANING[scope],
  }));
  return (
    <div className="space-y-8">
      <PageHeader
        title="API keys"
        description="Keys let your own systems use the API (see the API page) as you, within the scopes you give them and your role. A key is shown once; Tuma keeps only its hash. An administrator's password reset and “Log out everywhere” (Your account) revoke a user's keys."
      />
      <Card title="Create a key" aria-label="Create a key">
        <NewKeyForm action={createApiKeyAction} scopes={scopes} />
      </Card>
      {everyone ? <p className="text-sm text-slate-600">As an administrator you see every user&apos;s keys.</p> : null}
      <Table aria-label="API keys" columns={["Key", "Actions"]} empty={keys.length === 0 && "No keys yet."}>
        {keys.map((key) => (
          <Tr key={key.id} className="align-top">
            <Td className="min-w-0">
              <div className="font-medium">{key.name}</div>
              <div className="font-mono text-xs text-slate-600">{key.prefix}…</div>
              {everyone ? <div className="text-xs break-all text-slate-600">of {key.user.email}</div> : null}
              {key.revokedAt ? (
                <Badge tone="danger">revoked</Badge>
              ) : key.expiresAt && key.expiresAt <= new Date() ? (
                <Badge tone="warning">expired</Badge>
              ) : (
                <Badge tone="success">active</Badge>
              )}
              <div className="mt-1 font-mono text-sm">{key.scopes.join(", ")}</div>
              <div className="mt-1 text-xs text-slate-600">
                <div>
                  created <Time at={key.createdAt} />
                </div>
                <div>last used {key.lastUsedAt ? <Time at={key.lastUsedAt} /> : "never"}</div>
                <div>
                  {key.expiresAt ? (
                    <>
                      expires <Time at={key.expiresAt} />
                    </>
                  ) : (
                    "never expires"
                  )}
                </div>
                {key.revokedAt ? (
                  <div>
                    revoked <Time at={key.revokedAt} />
                  </div>
                ) : null}
              </div>
            </Td>
            <Td>
              {key.revokedAt ? null : (
                <RowAction
                  label="Revoke"
                  name={`Revoke ${key.name}`}
                  confirm={`Revoke the key “${key.name}”${key.user.id === actor.id ? "" : ` of ${key.user.email}`}? Requests with it are refused from the next one; this cannot be undone.`}
                  confirmLabel="Revoke the key"
                  run={revokeApiKeyAction.bind(null, key.id)}
                />
              )}
            </Td>
          </Tr>
        ))}
      </Table>
    </div>
  );
}
