import type { Db } from "../db/client";
import { canonicalPhone } from "../phones/phone-number";

const BATCH = 500;

/**
 * A new default country changes what phones written nationally (without `+`
 * or `00`) stand for: their `phoneE164` is read again, in batches by id. The
 * phone as written (and so the lead's representation, timeline and events)
 * does not change, only the column lookups compare on.
 */
export async function rereadNationalPhones(db: Db, organizationId: string, defaultCountry: string | null): Promise<number> {
  let after = "";
  let changed = 0;
  for (;;) {
    const rows = await db.$queryRaw<{ id: string; phone: string; phoneE164: string | null }[]>`
      SELECT "id", "phone", "phoneE164" FROM "Lead"
      WHERE "organizationId" = ${organizationId}::uuid AND "phone" IS NOT NULL AND btrim("phone") !~ '^(\\+|00)' AND "id" > ${after}
      ORDER BY "id" LIMIT ${BATCH}`;
    if (rows.length === 0) return changed;
    for (const row of rows) {
      const next = canonicalPhone(row.phone, defaultCountry);
      if (next === row.phoneE164) continue;
      await db.lead.updateMany({ where: { id: row.id, organizationId }, data: { phoneE164: next } });
      changed++;
    }
    after = rows[rows.length - 1]!.id;
  }
}
