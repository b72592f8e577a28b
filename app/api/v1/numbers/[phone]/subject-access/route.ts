// GET /api/v1/numbers/{phone}/subject-access – everything Tuma holds about one number (issue 38; Kenya's Data
// Protection Act, 2019, the right of access), for an administrator's key: the console's download, made and audited by
// the same code (lib/number-story/subject-access-download.ts). A test key is refused: a number's story spans every
// account, not the sandbox's alone.
import { apiRoute } from "@/lib/api/api-route";
import { assertLiveKey } from "@/lib/api/key-reach";
import { phoneOf, phoneParams, subjectAccessQuery } from "@/lib/api/schemas/numbers";
import { canManageUsers } from "@/lib/auth/permissions";
import { subjectAccessResponse } from "@/lib/number-story/subject-access-download";

export const dynamic = "force-dynamic";

export const GET = apiRoute(
  { scope: "admin", allowed: canManageUsers, params: phoneParams, query: subjectAccessQuery },
  async ({ actor, key, params, query }) => {
    const phone = phoneOf(params.phone);
    assertLiveKey(key, "a number's messages");
    return subjectAccessResponse(actor, phone, query.format, "api");
  },
);
