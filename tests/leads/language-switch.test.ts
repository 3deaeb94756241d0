import { beforeAll, describe, expect, it } from "vitest";
import { useApiTest } from "../support/api-test";
import { seedApiKey, seedMember, seedOrganization, type SeededOrganization } from "../support/factories";
import { body, leadsApi, type Activity, type Lead, type Page } from "./helpers";

/**
 * An organization created in Spanish and switched to English reads every
 * stored value in English, and back: stage names of the default pipeline,
 * the lead's stage name, the timeline's texts and its authors' kinds are
 * stored as keys and data and rendered when read (docs/decisions.md, "One
 * i18n shape"). A stage the organization renamed keeps its name.
 */
const t = useApiTest();
let org: SeededOrganization;
let api: ReturnType<typeof leadsApi>;
let lead: Lead;

const setLocale = (locale: "en" | "es") => t.db.organization.update({ where: { id: org.id }, data: { locale } });
const stageNames = async () =>
  (await body<{ data: { name: string }[] }>(await t.server.api("/pipeline/stages", { token: org.key }), 200)).data.map((stage) => stage.name);
const timeline = async () =>
  (await body<Page<Activity>>(await api.activities(lead.id, "?activityScope=system&limit=100"), 200)).data.map((entry) => `${entry.user.name}: ${entry.content}`);

beforeAll(async () => {
  org = await seedOrganization(t.db, { rateLimitExempt: true, locale: "es" });
  const { key } = await seedApiKey(t.db, org.id, { name: "Zapier" });
  api = leadsApi(t.server, key);
  const agent = await seedMember(t.db, org.id, { name: "Lucía Gómez" });
  lead = await api.createFull({ email: "cambio@example.test", firstName: "Mario" });
  const proposal = await t.db.pipelineStage.findFirstOrThrow({ where: { organizationId: org.id, systemKey: "proposal" } });
  await body(await api.update(lead.id, { stageId: proposal.id, assignedToId: agent.userId, company: "Casa Azul" }), 200);
});

describe("switching the organization's language", () => {
  it("in Spanish: stages, the lead's stage and the timeline are in Spanish", async () => {
    expect(await stageNames()).toEqual(["Nuevo", "Contactado", "Calificado", "Propuesta", "Negociación", "Ganado", "Perdido", "No calificado"]);
    expect((await body<Lead>(await api.get(lead.id), 200)).stageName).toBe("Propuesta");
    expect(await timeline()).toEqual([
      "Clave de API Zapier: Asignado a Lucía Gómez",
      "Clave de API Zapier: Etapa cambiada de Nuevo a Propuesta",
      "Clave de API Zapier: Estado cambiado de Nuevo a Propuesta",
      "Clave de API Zapier: Actualizado: Empresa, Estado, Etapa del embudo, Asignado a",
      "Clave de API Zapier: Lead creado",
    ]);
  });

  it("switched to English: every one of them in English, no Spanish word left", async () => {
    await setLocale("en");
    expect(await stageNames()).toEqual(["New", "Contacted", "Qualified", "Proposal", "Negotiation", "Won", "Lost", "Unqualified"]);
    expect((await body<Lead>(await api.get(lead.id), 200)).stageName).toBe("Proposal");
    expect(await timeline()).toEqual([
      "API key Zapier: Assigned to Lucía Gómez",
      "API key Zapier: Stage changed from New to Proposal",
      "API key Zapier: Status changed from New to Proposal",
      "API key Zapier: Updated Company, Status, Pipeline stage, Assigned to",
      "API key Zapier: Lead created",
    ]);
  });

  it("a stage the organization renamed keeps its name in both languages", async () => {
    await t.db.pipelineStage.updateMany({ where: { organizationId: org.id, systemKey: "proposal" }, data: { name: "Oferta enviada" } });
    expect((await stageNames())[3]).toBe("Oferta enviada");
    await setLocale("es");
    expect((await stageNames())[3]).toBe("Oferta enviada");
    expect((await body<Lead>(await api.get(lead.id), 200)).stageName).toBe("Oferta enviada");
  });
});
