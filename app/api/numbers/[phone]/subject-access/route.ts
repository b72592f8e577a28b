// GET /api/numbers/[phone]/subject-access?format=json|zip – everything Tuma holds about one number (issue 38 item 4,
// lib/number-story/subject-access.ts), for an administrator answering a person's request under Kenya's Data Protection
// Act; audited before the first byte, streamed in bounded memory, one of the user's export slots (lib/fair-share), by
// the same code as the API's GET /api/v1/numbers/{phone}/subject-access (lib/number-story/subject-access-download.ts).
import { z } from "zod";
import { subjectAccessQuery } from "@/lib/api/schemas/numbers";
import { canManageUsers } from "@/lib/auth/permissions";
import { route } from "@/lib/auth/route-gate";
import { subjectAccessResponse } from "@/lib/number-story/subject-access-download";
import { normalizePhone } from "@/lib/provider/wire/phone";

export const dynamic = "force-dynamic";

const params = z.object({
  phone: z
    .string()
    .max(40)
    .transform((value, ctx) => {
      const check = normalizePhone(value, { lenient: true });
      if (check.ok) return check.phone;
      ctx.addIssue({ code: "custom", message: check.reason });
      return z.NEVER;
    }),
});

export const GET = route(
  { allowed: canManageUsers, params, query: subjectAccessQuery },
  async ({ actor, params, query }) => subjectAccessResponse(actor, params.phone, query.format),
);
