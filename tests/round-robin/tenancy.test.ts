import { beforeAll, describe, expect, it } from "vitest";
import { useApiTest } from "../support/api-test";
import { seedOrganization, type SeededOrganization } from "../support/factories";
import { expectError, roundRobinApi, seedMembers, type Json } from "./helpers";

/** Every round-robin route called with another organization's ids: 404 NOT_FOUND, and nothing of theirs changes. */
const t = useApiTest();
const rr = roundRobinApi(t);
let other: SeededOrganization;
let foreignPool: string;
let foreignConnection: string;
let foreignLead: string;

const snapshot = async () =>
  JSON.stringify(
    await Promise.all([
      t.db.roundRobinPool.findMany({ where: { organizationId: other.id }, orderBy: { id: "asc" } }),
      t.db.roundRobinParticipant.findMany({ where: { organizationId: other.id }, orderBy: { id: "asc" } }),
      t.db.roundRobinConnection.findMany({ where: { organizationId: other.id }, orderBy: { id: "asc" } }),
      t.db.roundRobinAssignment.findMany({ where: { organizationId: other.id }, orderBy: { id: "asc" } }),
      t.db.lead.findMany({ where: { organizationId: other.id }, orderBy: { id: "asc" } }),
    ]),
  );

beforeAll(async () => {
  other = await seedOrganization(t.db, { rateLimitExempt: true });
  const theirs = roundRobinApi(t, () => other.key);
  const [member] = await seedMembers(t, 1, other.id);
  foreignPool = await theirs.createPool({ participantIds: [member!.userId], connections: [{ source: "webhook", sourceKey: "k" }] });
  foreignConnection = ((await (await theirs.get(foreignPool)).json()) as Json).connections[0].id;
  foreignLead = ((await (await theirs.createLead({ email: "theirs@example.test" })).json()) as Json).id;
});

describe("tenancy", () => {
  it("answers 404 NOT_FOUND on every single-pool route and leaves the other organization's data alone", async () => {
    const before = await snapshot();
    const [mine] = await seedMembers(t, 1);
    const ownPool = await rr.createPool({ participantIds: [mine!.userId] });
    await expectError(await rr.get(foreignPool), 404, "NOT_FOUND");
    await expectError(await rr.patch(foreignPool, { name: "Taken" }), 404, "NOT_FOUND");
    await expectError(await rr.remove(foreignPool), 404, "NOT_FOUND");
    await expectError(await rr.addConnection(foreignPool, { source: "webhook", sourceKey: "x" }), 404, "NOT_FOUND");
    await expectError(await rr.removeConnection(foreignPool, foreignConnection), 404, "NOT_FOUND");
    await expectError(await rr.removeConnection(ownPool, foreignConnection), 404, "NOT_FOUND");
    await expectError(await rr.assignments(foreignPool), 404, "NOT_FOUND");
    await expectError(await rr.assign({ leadId: foreignLead }), 404, "NOT_FOUND");
    const list: Json = await (await rr.list()).json();
    expect(list.data.map((p: Json) => p.id)).not.toContain(foreignPool);
    expect(await snapshot()).toBe(before);
  });
});
