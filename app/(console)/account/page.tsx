import type { Metadata } from "next";
import { RowAction } from "@/components/console/row-action";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { ChangePasswordForm } from "@/components/users/change-password-form";
import { countLiveKeys } from "@/lib/api-keys/list-api-keys";
import { requireActor } from "@/lib/auth/session";
import { changePasswordAction, logOutEverywhereAction } from "./actions";
import { formatCount } from "@/lib/numbers/format";

export const metadata: Metadata = { title: "Your account" };
export const dynamic = "force-dynamic";

export default async function AccountPage() {
  const actor = await requireActor(undefined, { whilePasswordMustChange: true });
  const liveKeys = await countLiveKeys(actor.id);
  const keys = `${formatCount(liveKeys)} live API ${liveKeys === 1 ? "key" : "keys"}`;
  return (
    <div className="space-y-6">
      <PageHeader title="Your account" description={`${actor.name} · ${actor.email} · ${actor.role.toLowerCase()}`} />
      {actor.mustChangePassword ? (
        <Notice tone="warning">
          You logged in with a one-time password. Choose your own to continue; you will then log in again with it.
        </Notice>
      ) : null}
      <Card title="Change your password">
        <p className="mb-4 text-sm text-slate-600">
          Changing it ends all your sessions, on every device; you then log in again.
        </p>
        <ChangePasswordForm action={changePasswordAction} />
      </Card>
      <Card title="Log out everywhere">
        <p className="mb-4 text-sm text-slate-600">
          After a lost device or a key that may have leaked: ends all your sessions, on every device, and revokes your{" "}
          {keys}. The ordinary log-out leaves your keys working.
        </p>
        <RowAction
          label="Log out everywhere"
          name="Log out everywhere"
          confirm={`Log out everywhere? All your sessions end and your ${keys} ${liveKeys === 1 ? "is" : "are"} revoked: systems using ${liveKeys === 1 ? "it" : "them"} are refused from their next request. This cannot be undone.`}
          confirmLabel="Log out and revoke"
          run={logOutEverywhereAction}
        />
      </Card>
    </div>
  );
}
