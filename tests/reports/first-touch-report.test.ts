import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { useApiTest } from "../support/api-test";
import { seedMember, seedOAuthToken } from "../support/factories";
import { body, leadsApi } from "../leads/helpers";

/**
 * GET /reports/first-touch through the REST door on a fixed clock: leads of
 * the period with a deadline, their time to first touch and breaches, per
 * rep, source, pool and project, the leaderboard, and what a member under
 * `own` visibility gets.
 */
const t = useApiTest({ organization: { timezone: "America/Bogota" } });
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const NOW = "2026-05-20T15:00:00Z";
const at = (iso: string) => new Date(iso);
let ana: { userId: string; token: string };
let bruno: { userId: string; token: string };

async function member(name: string) {
  const seeded = await seedMember(t.db, t.org.id, { name });
  const { token } = await seedOAuthToken(t.db, { organizationId: t.org.id, userId: seeded.userId });
  return { userId: seeded.userId, token };
}

/** A lead as the first-touch clock left it (the fields the deadline, the touch and the sweep write). */
async function lead(name: string, fields: { owner: string | null; source: string; createdAt: string; touchedAt?: string; breached?: boolean; deadline?: boolean }) {
  const created = await body<{ id: string }>(
    await leadsApi(t.server, t.org.key).create({ firstName: name, email: `${name.normalize("NFD").replace(/[^a-zA-Z]/g, "").toLowerCase()}@example.com`, source: fields.source, ...(fields.owner ? { assignedToId: fields.owner } : {}) }),
    201,
  );
  const createdAt = at(fields.createdAt);
  await t.db.lead.update({
    where: { id: created.id },
    data: {
      createdAt,
      firstTouchDueAt: fields.deadline === false ? null : new Date(createdAt.getTime() + 5 * 60_000),
      firstTouchAt: fields.touchedAt ? at(fields.touchedAt) : null,
      firstTouchBreachedAt: fields.breached ? new Date(createdAt.getTime() + 5 * 60_000) : null,
      firstTouchBreaches: fields.breached ? 1 : 0,
    },
  });
  return created.id;
}

async function report(token: string, period = "7d"): Promise<Json> {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date(NOW) });
  try {
    return await body<Json>(await t.server.api(`/reports/first-touch?period=${period}`, { token }), 200);
  } finally {
    vi.useRealTimers();
  }
}

afterEach(() => vi.useRealTimers());

beforeAll(async () => {
  ana = await member("Ana Gómez");
  bruno = await member("Bruno Díaz");
  await lead("Lucía", { owner: ana.userId, source: "website", createdAt: "2026-05-20T10:00:00Z", touchedAt: "2026-05-20T10:02:00Z" });
  await lead("Mateo", { owner: ana.userId, source: "website", createdAt: "2026-05-19T11:00:00Z", touchedAt: "2026-05-19T11:10:00Z", breached: true });
  await lead("Valentina", { owner: bruno.userId, source: "advertising", createdAt: "2026-05-18T12:00:00Z", touchedAt: "2026-05-18T12:01:00Z" });
  await lead("Santiago", { owner: bruno.userId, source: "advertising", createdAt: "2026-05-20T14:00:00Z", breached: true });
  // Not counted: no deadline ever ran, or arrived before the period.
  await lead("Camila", { owner: ana.userId, source: "website", createdAt: "2026-05-20T09:00:00Z", deadline: false });
  await lead("Sofía", { owner: ana.userId, source: "website", createdAt: "2026-05-01T09:00:00Z", touchedAt: "2026-05-01T09:30:00Z" });
});

describe("GET /reports/first-touch (extension)", () => {
  it("gives time to first touch (median, p90) and the breach rate in total, per rep, per source, with a leaderboard", async () => {
    const r = await report(t.org.key);
    expect(r.period).toBe("7d");
    // Touched after 120 s, 600 s and 60 s; one still waiting; two missed a deadline.
    expect(r.total).toEqual({ leads: 4, touched: 3, waiting: 1, breached: 2, breachRate: 0.5, medianSeconds: 120, p90Seconds: 504 });
    expect(r.byRep).toEqual([
      { key: ana.userId, name: "Ana Gómez", leads: 2, touched: 2, waiting: 0, breached: 1, breachRate: 0.5, medianSeconds: 360, p90Seconds: 552 },
      { key: bruno.userId, name: "Bruno Díaz", leads: 2, touched: 1, waiting: 1, breached: 1, breachRate: 0.5, medianSeconds: 60, p90Seconds: 60 },
    ]);
    expect(r.bySource.map((s: Json) => [s.key, s.leads, s.medianSeconds])).toEqual([
      ["advertising", 2, 60],
      ["website", 2, 360],
    ]);
    expect(r.byPool).toEqual([{ key: null, name: null, leads: 4, touched: 3, waiting: 1, breached: 2, breachRate: 0.5, medianSeconds: 120, p90Seconds: 504 }]);
    expect(r.byProject.map((p: Json) => [p.key, p.leads])).toEqual([[null, 4]]);
    expect(r.leaderboard.map((l: Json) => [l.rank, l.name, l.medianSeconds])).toEqual([
      [1, "Bruno Díaz", 60],
      [2, "Ana Gómez", 360],
    ]);
  });

  it("follows the period in the organization's zone: today is since local midnight", async () => {
    // 15:00 UTC is 10:00 in Bogotá: today (since local midnight, 05:00 UTC) holds Lucía and Santiago; Mateo arrived yesterday.
    const r = await report(t.org.key, "today");
    expect(r.total).toMatchObject({ leads: 2, touched: 1, waiting: 1, breached: 1 });
  });

  it("gives a member under own visibility the figures of their own leads; a malformed period is a 400", async () => {
    await t.db.organization.update({ where: { id: t.org.id }, data: { leadVisibility: "own" } });
    try {
      const r = await report(bruno.token);
      expect(r.total).toMatchObject({ leads: 2, touched: 1, waiting: 1 });
      expect(r.byRep.map((row: Json) => row.key)).toEqual([bruno.userId]);
    } finally {
      await t.db.organization.update({ where: { id: t.org.id }, data: { leadVisibility: "all" } });
    }
    const refused = await t.server.api("/reports/first-touch?period=year", { token: t.org.key });
    expect(refused.status).toBe(400);
  });
});
