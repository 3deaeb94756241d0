import pg from "pg";

export const FIRST_NAMES = [
  "Ana", "Bruno", "Carla", "Diego", "Elena", "Fernando", "Gabriela", "Hugo", "Isabel", "Javier", "Karina", "Luis",
  "María", "Nicolás", "Olga", "Pablo", "Quique", "Rosa", "Sergio", "Teresa", "Ulises", "Valeria", "Walter", "Ximena",
  "Yolanda", "Zacarías", "Jonathan", "Emily", "Michael", "Sarah", "David", "Laura", "James", "Sofía", "Mateo", "Lucía",
  "Martín", "Camila", "Andrés", "Paula",
];
export const LAST_NAMES = [
  "García", "Fernández", "López", "Martínez", "Sánchez", "Pérez", "Gómez", "Martín", "Jiménez", "Ruiz", "Hernández",
  "Díaz", "Moreno", "Muñoz", "Álvarez", "Romero", "Alonso", "Gutiérrez", "Navarro", "Torres", "Domínguez", "Vázquez",
  "Ramos", "Gil", "Ramírez", "Serrano", "Blanco", "Molina", "Morales", "Suárez", "Ortega", "Delgado", "Castro", "Ortiz",
  "Rubio", "Marín", "Sanz", "Núñez", "Iglesias", "Medina", "Smith", "Johnson", "Williams", "Brown", "Jones", "Miller",
  "Davis", "Wilson", "Anderson", "Taylor", "Thomas", "Moore", "Jackson", "White", "Harris", "Clark", "Lewis", "Walker",
  "Young", "King",
];
const COMPANY_WORDS = [
  "Norte", "Sur", "Costa", "Sierra", "Valle", "Torre", "Casa", "Puerto", "Bahía", "Colina", "Northwind", "Bluebay",
  "Greenfield", "Riverside", "Summit", "Harbor", "Oakwood", "Maple", "Cedar", "Pinecrest",
];
const COMPANY_KINDS = ["Inmobiliaria", "Homes", "Realty", "Propiedades", "Capital", "Developments", "Group", "Partners"];

export interface SeedTarget {
  organizationId: string;
  count: number;
  /** Distinguishes the organizations' emails and phone numbers. */
  tag: number;
}

/**
 * Bulk-loads synthetic leads the way a database is usually loaded: drop the
 * secondary indexes of "Lead", INSERT … SELECT generate_series per
 * organization, rebuild the very same indexes (definitions read back from
 * pg_indexes), then ANALYZE. Names, companies, statuses, sources and stages
 * are spread so filters and fuzzy search have realistic selectivity; phones
 * are `+5<tag> 55 NNNN NNNN` with their digits kept in phoneDigits.
 */
export async function seedLeads(databaseUrl: string, targets: SeedTarget[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("SET maintenance_work_mem = '256MB'");
    const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = 'Lead' AND indexname <> 'Lead_pkey'`,
    );
    for (const index of indexes) await client.query(`DROP INDEX "${index.indexname}"`);

    for (const target of targets) {
      await client.query(
        `WITH stages AS (
           SELECT "systemKey", "id" FROM "PipelineStage" WHERE "organizationId" = $1::uuid
         ), rows AS (
           SELECT g,
                  ($4::text[])[1 + g % array_length($4::text[], 1)] AS first,
                  ($5::text[])[1 + (g / 7) % array_length($5::text[], 1)] AS last,
                  (enum_range(NULL::"LeadStatus"))[1 + g % 8] AS status,
                  lpad(g::text, 8, '0') AS number
           FROM generate_series(1, $2::int) AS g
         )
         INSERT INTO "Lead" ("id", "organizationId", "firstName", "lastName", "email", "phone", "phoneDigits", "company",
                             "jobTitle", "status", "source", "stageId", "estimatedValue", "score", "city", "country",
                             "createdAt", "updatedAt")
         SELECT 'lead_' || substr(md5($3::text || '-' || g::text), 1, 24),
                $1::uuid,
                r.first,
                r.last,
                lower(r.first || '.' || r.last || '.' || g || '@org' || $3::text || '.example'),
                '+5' || $3::text || ' 55 ' || substr(r.number, 1, 4) || ' ' || substr(r.number, 5, 4),
                '5' || $3::text || '55' || r.number,
                ($6::text[])[1 + (g / 3) % array_length($6::text[], 1)] || ' ' || ($7::text[])[1 + g % array_length($7::text[], 1)],
                'Buyer',
                r.status,
                (enum_range(NULL::"LeadSource"))[1 + g % 12],
                s."id",
                ((g * 7919) % 500000) * 10,
                g % 101,
                'Ciudad ' || (g % 50),
                'MX',
                now() - make_interval(secs => g * 7.3),
                now() - make_interval(secs => g * 7.3)
         FROM rows r LEFT JOIN stages s ON s."systemKey" = r.status::text`,
        [target.organizationId, target.count, String(target.tag), FIRST_NAMES, LAST_NAMES, COMPANY_WORDS, COMPANY_KINDS],
      );
    }

    for (const index of indexes) await client.query(index.indexdef);
    await client.query(`ANALYZE "Lead"`);
  } finally {
    await client.end();
  }
}

/** The phone, email and name of the n-th seeded lead of an organization (for lookups that hit). */
export function seededLead(tag: number, n: number) {
  const number = String(n).padStart(8, "0");
  const first = FIRST_NAMES[n % FIRST_NAMES.length] ?? "Ana";
  const last = LAST_NAMES[Math.floor(n / 7) % LAST_NAMES.length] ?? "García";
  return {
    phone: `+5${tag} 55 ${number.slice(0, 4)} ${number.slice(4)}`,
    email: `${first}.${last}.${n}@org${tag}.example`.toLowerCase(),
    lastName: last,
  };
}
