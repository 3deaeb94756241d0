import { describe, expect, it } from "vitest";
import { CHECK_AT_CREATE_SQL, checkAtCreate } from "../../server/leads/duplicates/check-at-create";
import { useApiTest } from "../support/api-test";
import { seedOrganization } from "../support/factories";

const t = useApiTest({ organization: false });

describe("statements kept prepared on a connection", () => {
  it("the duplicate check at create is prepared once per connection, and other statements are not prepared", async () => {
    const org = await seedOrganization(t.db, { rateLimitExempt: true });
    const keys = { phoneE164: "+34600111222", emailKey: "ana@example.test", nameKey: "ana lopez|" };
    // One transaction is one connection, and pg_prepared_statements lists that connection's statements.
    const prepared = await t.db.$transaction(async (tx) => {
      expect(await checkAtCreate(tx, org.id, "lead_first", keys, [])).toBeNull();
      expect(await checkAtCreate(tx, org.id, "lead_second", keys, [])).toBeNull();
      await tx.lead.count({ where: { organizationId: org.id } });
      return tx.$queryRaw<{ name: string; statement: string; from_sql: boolean }[]>`SELECT "name", "statement", "from_sql" FROM pg_prepared_statements`;
    });
    expect(prepared).toEqual([{ name: expect.stringMatching(/^inmo_[0-9a-f]{40}$/), statement: CHECK_AT_CREATE_SQL, from_sql: false }]);
  });
});
