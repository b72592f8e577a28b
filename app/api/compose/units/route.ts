// GET /api/compose/units?account= – an account's units as Compose's units line reads them (lib/units/budget-view.ts),
// read again when the review opens: units recorded in another tab since Compose was loaded count (issue 35). An
// account without units recorded answers { budgeted: false } (nothing is checked against it).
import { z } from "zod";
import { canSend } from "@/lib/auth/permissions";
import { uuidParam } from "@/lib/http/params";
import { route } from "@/lib/auth/route-gate";
import { unitsFigures } from "@/lib/units/units-figures";

export const dynamic = "force-dynamic";

export const GET = route({ allowed: canSend, query: z.object({ account: uuidParam }) }, async ({ query }) => {
  const figures = await unitsFigures(query.account);
  return Response.json(
    figures.budgeted ? { budgeted: true, balance: figures.balance, committed: figures.committed } : { budgeted: false },
  );
});
