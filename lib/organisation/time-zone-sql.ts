// The organisation's time zone as a SQL expression, for statements that need it without a round trip (an upload's
// report lines). Apart from time-zone.ts so that the importer does not load the Prisma client for a constant.
import { DEFAULT_TIME_ZONE } from "@/lib/time/zone";

export const ORG_TIME_ZONE_SQL = `COALESCE((SELECT "timeZone" FROM "Organisation" WHERE id = 1), '${DEFAULT_TIME_ZONE}')`;
