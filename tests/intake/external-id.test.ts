import { describe, expect, it } from "vitest";
import { useApiTest } from "../support/api-test";
import { body, expectError, leadsApi, type Lead } from "../leads/helpers";

const t = useApiTest();

describe("externalId: the lead's id at its source", () => {
  it("is stored, shown, and unique per organization and source", async () => {
    const api = leadsApi(t.server, t.org.key);
    const created = await api.createFull({ email: "portal-1@example.test", source: "website", externalId: " uuid-1 " });
    expect(created.externalId).toBe("uuid-1");
    expect((await api.createFull({ email: "x@example.test", source: "referral", externalId: "uuid-1" })).externalId).toBe("uuid-1");

    const before = await t.db.lead.count({ where: { organizationId: t.org.id } });
    const message = await expectError(
      await api.create({ email: "portal-1-again@example.test", source: "website", externalId: "uuid-1" }),
      409,
      "CONFLICT",
    );
    expect(message).toContain(created.id);
    expect(await t.db.lead.count({ where: { organizationId: t.org.id } })).toBe(before);

    const other = await api.createFull({ email: "other@example.test", source: "website" });
    await expectError(await api.update(other.id, { externalId: "uuid-1" }), 409, "CONFLICT");
    expect((await body<Lead>(await api.update(created.id, { externalId: "uuid-1", firstName: "Ana" }), 200)).externalId).toBe("uuid-1");
    expect((await body<Lead>(await api.update(created.id, { externalId: null }), 200)).externalId).toBeNull();
    expect((await body<Lead>(await api.update(other.id, { externalId: "uuid-1" }), 200)).externalId).toBe("uuid-1");
  });
});
