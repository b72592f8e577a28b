"use server";

import { revalidatePath } from "next/cache";
import { authorizedAction, type ActionResult } from "@/lib/auth/action";
import { canManageAccounts } from "@/lib/auth/permissions";
import { saveAccount } from "@/lib/accounts/save-account";

export async function saveAccountAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return authorizedAction(canManageAccounts, async (actor) => {
    const value = (name: string) => {
      const v = form.get(name);
      return typeof v === "string" && v !== "" ? v : undefined;
    };
    await saveAccount(
      {
        id: value("id"),
        name: value("name") ?? "",
        baseUrl: value("baseUrl") ?? "",
        token: value("token"),
        defaultSender: value("defaultSender") ?? "",
        defaultOriginator: value("defaultOriginator") ?? "",
        requestsPerSecond: value("requestsPerSecond") ?? "",
        batchSizeLimit: value("batchSizeLimit") ?? "",
        isDefault: form.get("isDefault") === "on",
      },
      actor.id,
    );
    revalidatePath("/settings");
    return { ok: true, message: "Saved. The token is stored encrypted; only its last four characters are shown." };
  });
}
