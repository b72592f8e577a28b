"use server";

import { revalidatePath } from "next/cache";
import { setVoiceLanguage, voiceLanguageFormSchema } from "@/lib/accounts/voice-language";
import { authorizedAction, type ActionResult } from "@/lib/auth/action";
import { canManageAccounts } from "@/lib/auth/permissions";

export async function setVoiceLanguageAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return authorizedAction(
    { allowed: canManageAccounts, input: voiceLanguageFormSchema },
    form,
    async (input, actor) => {
      await setVoiceLanguage(input, actor.id);
      revalidatePath("/settings/voice-language");
      return {
        ok: true,
        message: input.setting
          ? `Voice batches now carry “${input.setting.field}”: ${input.setting.languages.join(", ")}.`
          : "Voice batches carry no language.",
      };
    },
  );
}
