import pg from "pg";

/**
 * The ten surnames each carried by about a tenth of the leads, as in real
 * Latin-American contact lists: a search for one of them matches ~10,000
 * rows of 100,000, which is what makes ranking and counting expensive.
 */
export const COMMON_SURNAMES = [
  "García", "Fernández", "López", "Martínez", "González", "Rodríguez", "Pérez", "Sánchez", "Torres", "Ramírez",
];
/** First names repeat too: the first few are far more frequent than the last (weights fall off like 1/rank). */
export const FIRST_NAMES = [
  "María", "José", "Juan", "Ana", "Luis", "Carlos", "Carmen", "Jorge", "Laura", "Miguel", "Sofía", "Pedro", "Lucía",
  "Javier", "Elena", "Diego", "Isabel", "Andrés", "Paula", "Fernando", "Gabriela", "Ricardo", "Valeria", "Manuel",
  "Camila", "Alejandro", "Daniela", "Roberto", "Mariana", "Sergio",
];
const COMPANY_WORDS = ["Norte", "Sur", "Costa", "Sierra", "Valle", "Torre", "Casa", "Puerto", "Bahía", "Colina"];
const COMPANY_KINDS = ["Inmobiliaria", "Propiedades", "Capital", "Desarrollos", "Grupo"];

export interface RealisticSeedTarget {
  organizationId: string;
  count: number;
  /** Distinguishes the organizations' emails and phone numbers. */
  tag: number;
  /** Assignees and projects spread over the leads, so the page carries their names. */
  assigneeIds: string[];
  projectIds: string[];
  /**
   * Round-robin pools whose ponds hold some unassigned leads: every 90th lead
   * (unassigned, as every third is) keeps the pool it was routed through, in
   * turn. None by default.
   */
  pondPoolIds?: string[];
}

/**
 * Bulk-loads leads with INSERT … SELECT generate_series (secondary indexes of
 * "Lead" dropped first and rebuilt from their own definitions, then ANALYZE).
 * Lead n of an organization has surname COMMON_SURNAMES[n % 10], a first name
 * drawn with 1/rank weights, a status/source/stage spread, every third lead
 * unassigned (every 90th in a pool's pond when `pondPoolIds` are given), and
 * phone `+5<tag> 55 NNNN NNNN` (digits kept in phoneDigits).
 */
export async function seedRealisticLeads(databaseUrl: string, targets: RealisticSeedTarget[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("SET maintenance_work_mem = '512MB'");
    const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = 'Lead' AND indexname <> 'Lead_pkey'`,
    );
    for (const index of indexes) await client.query(`DROP INDEX "${index.indexname}"`);
    // 1/rank weights: cumulative thresholds in [0, 1) for the first names.
    const weights = FIRST_NAMES.map((_, rank) => 1 / (rank + 1));
    const sum = weights.reduce((a, b) => a + b, 0);
    let running = 0;
    const thresholds = weights.map((w) => (running += w / sum));

    for (const target of targets) {
      await client.query(
        `WITH stages AS (
           SELECT "systemKey", "id" FROM "PipelineStage" WHERE "organizationId" = $1::uuid
         ), rows AS (
           SELECT g,
                  ($4::text[])[(SELECT count(*) FROM unnest($10::float8[]) t WHERE t < ((g * 2654435761::bigint) % 1000003) / 1000003.0) + 1] AS first,
                  ($5::text[])[1 + g % array_length($5::text[], 1)] AS last,
                  (enum_range(NULL::"LeadStatus"))[1 + (g / 3) % 8] AS status,
                  lpad(g::text, 8, '0') AS number
           FROM generate_series(1, $2::int) AS g
         )
         INSERT INTO "Lead" ("id", "organizationId", "firstName", "lastName", "email", "phone", "phoneDigits", "company",
                             "jobTitle", "status", "source", "stageId", "assignedToId", "projectId", "estimatedValue", "score",
                             "city", "country", "createdAt", "updatedAt", "roundRobinId")
         SELECT 'lead_' || substr(md5($3::text || '-' || g::text), 1, 24),
                $1::uuid, r.first, r.last,
                lower(translate(r.first || '.' || r.last, 'áéíóúÁÉÍÓÚñÑ', 'aeiouAEIOUnN') || '.' || g || '@org' || $3::text || '.example'),
                '+5' || $3::text || ' 55 ' || substr(r.number, 1, 4) || ' ' || substr(r.number, 5, 4),
                '5' || $3::text || '55' || r.number,
                ($6::text[])[1 + (g / 3) % array_length($6::text[], 1)] || ' ' || ($7::text[])[1 + g % array_length($7::text[], 1)],
                'Comprador', r.status,
                (enum_range(NULL::"LeadSource"))[1 + g % 12],
                s."id",
                CASE WHEN g % 3 = 0 THEN NULL ELSE ($8::uuid[])[1 + g % array_length($8::uuid[], 1)] END,
                CASE WHEN g % 2 = 0 THEN NULL ELSE ($9::text[])[1 + g % array_length($9::text[], 1)] END,
                ((g * 7919) % 500000) * 10, g % 101, 'Ciudad ' || (g % 50), 'MX',
                now() - make_interval(secs => g * 7.3), now() - make_interval(secs => g * 7.3),
                CASE WHEN g % 90 = 0 AND cardinality($11::uuid[]) > 0 THEN ($11::uuid[])[1 + (g / 90) % cardinality($11::uuid[])] END
         FROM rows r LEFT JOIN stages s ON s."systemKey" = r.status::text`,
        [
          target.organizationId, target.count, String(target.tag), FIRST_NAMES, COMMON_SURNAMES, COMPANY_WORDS,
          COMPANY_KINDS, target.assigneeIds, target.projectIds, thresholds, target.pondPoolIds ?? [],
        ],
      );
    }
    for (const index of indexes) await client.query(index.indexdef);
    await client.query(`VACUUM ANALYZE "Lead"`);
  } finally {
    await client.end();
  }
}

/** The phone and email of the n-th seeded lead of an organization (for lookups that hit). */
export function realisticLead(tag: number, n: number) {
  const number = String(n).padStart(8, "0");
  return { phone: `+5${tag} 55 ${number.slice(0, 4)} ${number.slice(4)}`, emailSuffix: `.${n}@org${tag}.example` };
}
