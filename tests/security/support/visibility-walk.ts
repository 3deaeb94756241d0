import { randomUUID } from "node:crypto";
import { z } from "zod";
import { appRouter } from "../../../server/api/root";
import type { Db } from "../../../server/db/client";
import { newId } from "../../../server/ids";
import type { TestServer } from "../../support/api-server";
import { seedMember, seedOAuthToken, type SeededOrganization } from "../../support/factories";
import { seedWhatsAppConversation } from "../../support/messaging-factories";
import { callTrpc, sessionCookie } from "./dashboard-session";
import { exampleOf, missingIdLike, pathWith, publishedOperations, type JsonSchema } from "./openapi-operations";
import { fingerprintOf } from "./tenant-data";

/**
 * The visibility walk's machinery, shared by the walk and by the test that
 * shows the walk catches a missing filter. An organization with the setting
 * `own`; an agent (a member) with a dashboard session and an OAuth token;
 * a colleague's lead, the agent may not see, with what names it: its
 * WhatsApp message, and a call task that was dispatched to the agent before
 * the lead was handed to the colleague. Every operation that takes one of
 * those ids is called by the agent with the colleague's record and with a
 * never-existing id of the same shape: the two answers must be the same
 * (status, code, message, whole body once the id is blanked), carry nothing
 * of the hidden lead, and leave every row of the organization as it was.
 * A control call with the agent's own records must get past the lead (no
 * 404), so an operation refusing everything for another reason proves
 * nothing and is reported.
 */

/** Ids that name a lead, or a record that names one (the slots the walk fills). */
export const LEAD_BOUND_SLOTS = ["leadId", "messageId", "contactId"] as const;
export type LeadBoundSlot = (typeof LEAD_BOUND_SLOTS)[number];
export type LeadBoundIds = Record<LeadBoundSlot, string>;

/** A valid request body per operation, where the schema's smallest example would be refused before the lead is looked at. */
const VALID_INPUT: Record<string, Record<string, unknown>> = {
  "leads.update": { firstName: "Walker" },
  "leads.addNote": { content: "Walked" },
  "leads.logCommunication": { type: "call", direction: "outbound", content: "Walked" },
  "calendar.createEvent": { startAt: "2031-03-04T10:00", durationMinutes: 30, title: "Visit" },
  // A lead or a number, never both: the example would fill `to`.
  "messaging.send": { text: "Hola", to: undefined },
  "sequences.setDoNotCall": { doNotCall: true },
  "sequences.logCallOutcome": { outcome: "no_answer" },
  // Naming who holds a unit needs a held unit.
  "projects.updateUnit": { status: "reserved" },
};

/**
 * Bodies that must name other records of the lead to get past validation: a
 * merge names a duplicate, an undo names a merge into the lead. Made only for
 * the control call (the lead-bound slot holds a lead that exists and is not
 * the colleague's); the calls with the colleague's or a missing lead get
 * well-formed ids of nothing, and write nothing before they are refused.
 */
const PREPARED_INPUT: Record<string, (scene: VisibilityScene, leadId: string) => Promise<Record<string, unknown>>> = {
  "leads.merge": async (scene) => ({ duplicateIds: [(await scene.visible()).leadId] }),
  "leads.undoMerge": async (scene, leadId) => {
    const duplicate = (await scene.visible()).leadId;
    const merged = await api<{ mergeId: string }>(scene.server, scene.agent.token, `/leads/${leadId}/merge`, "POST", { duplicateIds: [duplicate] });
    return { mergeId: merged.mergeId };
  },
  // A personal sheet link names the sheet's project and unit.
  "sheets.createForLead": async (scene) => ({ projectId: scene.places.projectId, unitId: scene.places.unitId }),
};
const UNPREPARED_INPUT: Record<string, () => Record<string, unknown>> = {
  "leads.merge": () => ({ duplicateIds: [newId("lead")] }),
  "leads.undoMerge": () => ({ mergeId: newId("merge") }),
  "sheets.createForLead": () => ({ projectId: newId("project"), unitId: newId("unit") }),
};

/** The operation's prepared body, for the REST path as for the tRPC procedure. */
async function preparedInput(scene: VisibilityScene, operation: WalkedOperation, ids: Partial<LeadBoundIds>): Promise<Record<string, unknown>> {
  const prepare = PREPARED_INPUT[operation.procedure];
  if (!prepare || !ids.leadId) return {};
  const control = ids.leadId !== scene.hidden.leadId && (await scene.db.lead.count({ where: { id: ids.leadId } })) > 0;
  return control ? prepare(scene, ids.leadId) : UNPREPARED_INPUT[operation.procedure]!();
}

/** Request bookkeeping every call moves (usage counters, last use of a credential), not data. */
const BOOKKEEPING = ["MonthlyUsage", "ApiUsageHour", "ApiKey", "OAuthAccessToken", "CalendarConnection", "WhatsAppPairPace"];

export interface WalkedOperation {
  label: string;
  door: "rest" | "trpc";
  /** The procedure's path in the router. */
  procedure: string;
  slots: LeadBoundSlot[];
  /** REST: method and documented path. */
  method: string;
  path: string;
  mutation: boolean;
  /** The input's JSON schema (tRPC) or the body's (REST). */
  schema: JsonSchema | null;
}

type RouterProcedures = Record<string, { _def: { type: string; inputs: z.ZodType[]; meta?: { openapi?: { method: string; path: string } } } }>;
const procedures = (appRouter as unknown as { _def: { procedures: RouterProcedures } })._def.procedures;

const isLeadBound = (name: string): name is LeadBoundSlot => (LEAD_BOUND_SLOTS as readonly string[]).includes(name);

/** Every operation of both doors that takes a lead-bound id: the router's procedures (tRPC) and the OpenAPI document's operations (REST). */
export function leadBoundOperations(): WalkedOperation[] {
  const trpc = Object.entries(procedures).flatMap(([path, procedure]): WalkedOperation[] => {
    const input = procedure._def.inputs[0];
    const schema = input ? (z.toJSONSchema(input, { io: "input", unrepresentable: "any" }) as JsonSchema) : {};
    const slots = Object.keys(schema.properties ?? {}).filter(isLeadBound);
    if (slots.length === 0) return [];
    const mutation = procedure._def.type === "mutation";
    return [{ label: `${path} (session)`, door: "trpc", procedure: path, slots, method: mutation ? "POST" : "GET", path, mutation, schema }];
  });
  const byRoute = new Map<string, string>(
    Object.entries(procedures).flatMap(([path, procedure]) =>
      procedure._def.meta?.openapi ? [[`${procedure._def.meta.openapi.method} ${procedure._def.meta.openapi.path}`, path] as const] : [],
    ),
  );
  const rest = publishedOperations()
    .filter((operation) => operation.authenticated)
    .flatMap((operation): WalkedOperation[] => {
      const names = [...operation.parameters.map((p) => p.name), ...Object.keys(operation.body?.properties ?? {})];
      const slots = [...new Set(names.filter(isLeadBound))];
      if (slots.length === 0) return [];
      const procedure = byRoute.get(operation.label) ?? operation.label;
      return [
        {
          label: `${operation.label} (OAuth token)`,
          door: "rest",
          procedure,
          slots,
          method: operation.method,
          path: operation.path,
          mutation: operation.method !== "GET",
          schema: operation.body,
        },
      ];
    });
  return [...trpc, ...rest];
}

export interface VisibilityScene {
  db: Db;
  server: TestServer;
  org: SeededOrganization;
  agent: { userId: string; cookie: string; token: string };
  colleague: { userId: string };
  /** The colleague's lead and what names it. */
  hidden: LeadBoundIds;
  /** Names, email and phone of the hidden lead and its owner: none may appear in any answer. */
  secrets: string[];
  /** Fresh records of a lead the agent sees (a new set per call: controls write, and DELETE deletes). */
  visible(): Promise<LeadBoundIds>;
  /** Other ids an operation's path or input names (a project and its unit), real so a call reaches its lead. */
  places: Record<string, string>;
}

async function api<T>(server: TestServer, token: string, path: string, method = "GET", json?: unknown): Promise<T> {
  const response = await server.api(path, { token, method, json });
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Sets the scene in `org` (whose API key creates the records, as an
 * integration would): the setting `own`, an agent with a connected calendar
 * (`connectCalendar`, so scheduling reaches the lead) and the colleague's lead.
 */
export async function seedVisibilityScene(
  db: Db,
  server: TestServer,
  org: SeededOrganization,
  connectCalendar: (userId: string) => Promise<unknown>,
): Promise<VisibilityScene> {
  await db.organization.update({ where: { id: org.id }, data: { leadVisibility: "own" } });
  const agentMember = await seedMember(db, org.id, { name: "Agent Walker" });
  const colleague = await seedMember(db, org.id, { name: "Colleague Hiddenowner" });
  const agent = {
    userId: agentMember.userId,
    cookie: await sessionCookie({ userId: agentMember.userId, organizationId: org.id }),
    token: (await seedOAuthToken(db, { organizationId: org.id, userId: agentMember.userId })).token,
  };
  await connectCalendar(agent.userId);
  const { sender } = await seedWhatsAppConversation(db, org.id, null);
  const throttle = { maxPerMinute: 10, businessHoursStart: "09:00", businessHoursEnd: "18:00", timezone: "UTC", weekdays: [1, 2, 3, 4, 5] };
  const sequence = await api<{ id: string }>(server, org.key, "/sequences", "POST", { name: "Walk calls", criteria: {}, throttle });
  let position = 0;

  async function recordsOf(leadId: string): Promise<LeadBoundIds> {
    const message = await db.whatsAppMessage.create({
      data: {
        id: newId("message"),
        organizationId: org.id,
        senderId: sender.id,
        leadId,
        direction: "outbound",
        status: "delivered",
        contactDigits: "50761112222",
        type: "text",
        body: "Hola",
        providerMessageId: `wamid.walk-${randomUUID()}`,
      },
    });
    // A call task dispatched to the agent: for the hidden lead, before the lead was handed to the colleague.
    const contact = await db.sequenceContact.create({
      data: { sequenceId: sequence.id, organizationId: org.id, leadId, position: ++position, status: "sent", dispatchedAt: new Date(), taskUserId: agent.userId },
    });
    return { leadId, messageId: message.id, contactId: contact.id };
  }

  const hiddenLead = await api<{ id: string }>(server, org.key, "/leads", "POST", {
    firstName: "Hiddenfirst",
    lastName: "Hiddenlast",
    email: "hidden.lead@example.test",
    phone: "+507 6333 4444",
    assignedToId: colleague.userId,
  });
  await api(server, org.key, `/leads/${hiddenLead.id}/notes`, "POST", { content: "Hidden note" });
  const hidden = await recordsOf(hiddenLead.id);
  const project = await api<{ id: string }>(server, org.key, "/projects", "POST", { name: "Walk tower", units: [{ name: "W-1", price: 1000 }] });
  const { units } = await api<{ units: { id: string }[] }>(server, org.key, `/projects/${project.id}`);
  return {
    places: { projectId: project.id, unitId: units[0]!.id },
    db,
    server,
    org,
    agent,
    colleague: { userId: colleague.userId },
    hidden,
    secrets: ["Hiddenfirst", "Hiddenlast", "hidden.lead@example.test", "6333", "Colleague Hiddenowner", colleague.userId],
    async visible() {
      const lead = await api<{ id: string }>(server, org.key, "/leads", "POST", {
        firstName: "Visible",
        email: `visible-${randomUUID()}@example.test`,
        phone: "+507 6555 6666",
        assignedToId: agent.userId,
      });
      return recordsOf(lead.id);
    },
  };
}

interface Answer {
  status: number;
  code: string;
  message: string;
  text: string;
}

async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  let code = "";
  let message = "";
  try {
    const parsed = JSON.parse(text) as { error?: { code?: string; message?: string; data?: { api?: { code?: string } } } };
    code = parsed.error?.data?.api?.code ?? parsed.error?.code ?? "";
    message = parsed.error?.message ?? "";
  } catch {
    // not JSON; the status says enough
  }
  return { status: response.status, code, message, text };
}

/** Calls one operation as the agent with `ids` in its lead-bound slots (and valid values elsewhere). */
async function call(scene: VisibilityScene, operation: WalkedOperation, ids: Partial<LeadBoundIds>): Promise<Response> {
  const prepared = await preparedInput(scene, operation, ids);
  const valid = { ...VALID_INPUT[operation.procedure], ...prepared };
  if (operation.door === "trpc") {
    const named = Object.keys(operation.schema?.properties ?? {});
    const input = { ...(exampleOf(operation.schema ?? {}) as Record<string, unknown>), ...pickPlaces(scene.places, named), ...valid, ...ids };
    return callTrpc(scene.server, operation.procedure, { cookie: scene.agent.cookie, input, mutation: operation.mutation });
  }
  const url = pathWith(operation.path, { ...scene.places, ...(ids as Record<string, string>), ...(prepared as Record<string, string>) });
  const json = operation.schema ? { ...(exampleOf(operation.schema) as Record<string, unknown>), ...valid, ...pick(ids, Object.keys(operation.schema.properties ?? {})) } : undefined;
  return scene.server.api(url, { token: scene.agent.token, method: operation.method, json });
}

function pickPlaces(places: Record<string, string>, keys: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(places).filter(([key]) => keys.includes(key)));
}

function pick(ids: Partial<LeadBoundIds>, keys: string[]): Partial<LeadBoundIds> {
  return Object.fromEntries(Object.entries(ids).filter(([key]) => keys.includes(key)));
}

/** The answer's text with the ids it was given blanked, so a hidden record's answer and a missing one's compare whole. */
function blanked(text: string, ids: Partial<LeadBoundIds>): string {
  return Object.values(ids).reduce((result, id) => result.split(id).join("<id>"), text);
}

/**
 * Walks one operation; returns what went wrong (empty: the hidden lead is a
 * missing one here). Each slot is walked on its own, the others holding the
 * agent's own records (so only the slot under test can be the reason).
 */
export async function walkOperation(scene: VisibilityScene, operation: WalkedOperation): Promise<string[]> {
  const failures: string[] = [];
  for (const slot of operation.slots) {
    const own = await scene.visible();
    const control = await answerOf(await call(scene, operation, own));
    const refusedToMembers = control.status === 403 && control.code === "FORBIDDEN";
    // With the agent's own records the call must reach its lead: not missing, not a malformed request.
    if (!refusedToMembers && (control.status === 404 || control.status === 401 || control.code === "VALIDATION_ERROR" || control.status >= 500)) {
      failures.push(`${slot}: with the agent's own records the call answers ${control.status} ${control.code} ${control.text}: the walk would prove nothing`);
    }
    const before = await fingerprintOf(scene.db, scene.org.id, BOOKKEEPING);
    const withHidden = { ...own, [slot]: scene.hidden[slot] };
    const withMissing = { ...own, [slot]: missingIdLike(scene.hidden[slot]) };
    const hidden = await answerOf(await call(scene, operation, withHidden));
    const missing = await answerOf(await call(scene, operation, withMissing));
    const after = await fingerprintOf(scene.db, scene.org.id, BOOKKEEPING);
    const where = `${slot} = the colleague's`;
    if (hidden.status >= 500) failures.push(`${where}: ${hidden.status} ${hidden.text}`);
    if (hidden.status !== missing.status || hidden.code !== missing.code || hidden.message !== missing.message) {
      failures.push(`${where}: ${hidden.status} ${hidden.code} "${hidden.message}", but a missing id gets ${missing.status} ${missing.code} "${missing.message}"`);
    } else if (blanked(hidden.text, withHidden) !== blanked(missing.text, withMissing)) {
      failures.push(`${where}: the answer differs from a missing id's: ${hidden.text} / ${missing.text}`);
    }
    const leaked = scene.secrets.filter((secret) => hidden.text.includes(secret));
    if (leaked.length > 0) failures.push(`${where}: the answer carries ${leaked.join(", ")}`);
    const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
    if (changed.length > 0) failures.push(`${where}: rows changed in ${changed.join(", ")}`);
    // On the REST door a lead out of sight is the contract's 404, wherever its id is given.
    if (!refusedToMembers && operation.door === "rest" && (hidden.status !== 404 || hidden.code !== "NOT_FOUND")) {
      failures.push(`${where}: ${hidden.status} ${hidden.code}, expected 404 NOT_FOUND`);
    }
  }
  return failures;
}
