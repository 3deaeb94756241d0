import { beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../server/ids";
import { inboundTextPayload } from "../fakes/whatsapp-webhook";
import { useMessagingTest } from "../messaging/support/messaging-test";
import { roundRobinApi, seedMembers } from "../round-robin/helpers";
import { sessionCookie } from "../security/support/dashboard-session";
import { seedLead, seedMember, seedProject } from "../support/factories";
import { trpc } from "../team/support/team-http";
import { documentedChanges, expectStory, storyReader, type Door, type Json } from "./support/lead-story";

/**
 * docs/lead-changes.md, made true: every row of its table is made through
 * every path it names, through the real doors (REST with an API key, the
 * dashboard's tRPC over HTTP with a session, WhatsApp's webhook for the
 * service's own work), and each path must leave the row's timeline entries
 * and events, under the rules every row follows (lead-story.ts).
 */
const m = useMessagingTest({ observeEvents: true });
const { t } = m;
const stories = storyReader(t);
const rr = roundRobinApi(t);
const rows = documentedChanges();

let cookie: string;
let ownerName: string;
let agents: { userId: string; membershipId: string; name: string }[];
/** Takes `POST /round-robin/assign` with source manual and a removed member's leads; never routes arriving leads. */
let manualPool: string;
/** Only takes leads that name it (`roundRobinId`). */
let quietPool: string;
let phoneNumberId: string;
const stage: Record<string, string> = {};

beforeAll(async () => {
  cookie = await sessionCookie({ userId: t.org.ownerId, organizationId: t.org.id });
  ownerName = (await t.db.user.findUniqueOrThrow({ where: { id: t.org.ownerId } })).name;
  agents = await seedMembers(t, 2);
  const participantIds = agents.map((a) => a.userId);
  manualPool = await rr.createPool({ name: "Manual", participantIds, assignInboundLeads: false, assignManualLeads: true });
  quietPool = await rr.createPool({ name: "Named only", participantIds, assignInboundLeads: false, assignManualLeads: false });
  phoneNumberId = (await m.connectSender()).fake.phoneNumberId;
  for (const row of await t.db.pipelineStage.findMany({ where: { organizationId: t.org.id } })) stage[row.systemKey ?? row.id] = row.id;
});

const DOORS: Record<Door, () => { origin: string; author: string }> = {
  rest: () => ({ origin: "api", author: "API key test key" }),
  trpc: () => ({ origin: "ui", author: ownerName }),
  system: () => ({ origin: "system", author: "System" }),
};

async function rest(method: string, url: string, json?: unknown): Promise<Json> {
  const response = await t.server.api(url, { token: t.org.key, method, json });
  const body = await response.text();
  expect(response.status, body).toBeLessThan(300);
  return JSON.parse(body);
}

async function dashboard(procedure: string, input: unknown): Promise<Json> {
  const answer = await trpc<Json>(t.server, procedure, { cookie, mutation: true, input });
  expect(answer.status, JSON.stringify(answer.error)).toBe(200);
  return answer.data;
}

let whatsAppNumber = 50760000000;
/** A first message from a new number: the service creates the lead (system work), then logs the message on it. */
async function whatsAppFromNewNumber(): Promise<string> {
  const from = String(++whatsAppNumber);
  expect((await m.post(inboundTextPayload({ phoneNumberId, from, name: "Rosa Díaz", text: "Hola" }))).status).toBe(200);
  const lead = await t.db.lead.findFirstOrThrow({ where: { organizationId: t.org.id, phoneDigits: from } });
  const calls = await t.db.leadActivity.count({ where: { leadId: lead.id, type: "social_message" } });
  expect(calls).toBe(1);
  return lead.id;
}

/** While it runs, every arriving lead goes to a catch-all pool. */
async function withCatchAllPool<T>(run: () => Promise<T>): Promise<T> {
  const pool = await rr.createPool({ name: "Catch-all", participantIds: [agents[0]!.userId] });
  try {
    return await run();
  } finally {
    await rest("PATCH", `/round-robin/${pool}`, { isActive: false });
  }
}

/** A person leaving with one lead assigned, removed from the organization (Settings → Members). */
async function removedMemberWithLead(given: Given): Promise<{ leadId: string; fromUserId: string }> {
  const leaving = await seedMember(t.db, t.org.id, { name: "Leaving Agent" });
  const lead = await given({ assignedToId: leaving.userId });
  await dashboard("team.members.remove", { membershipId: leaving.membershipId });
  return { leadId: lead.id, fromUserId: leaving.userId };
}

/** A call task from a running sequence, dispatched to the signed-in owner (as the task dialer leaves it). */
async function callTaskFor(leadId: string): Promise<string> {
  const sequence = await t.db.sequence.create({
    data: { id: newId("sequence"), organizationId: t.org.id, name: "Calls", status: "running", criteria: {}, channelConfig: { dialer: "task" }, throttle: {} },
  });
  const contact = await t.db.sequenceContact.create({
    data: { sequenceId: sequence.id, organizationId: t.org.id, leadId, position: 1, status: "sent", dispatchedAt: new Date(), taskUserId: t.org.ownerId },
  });
  return contact.id;
}

/** Creates the lead a change starts from (as the service would) and marks where the change's own story starts. */
type Given = (fields?: Json) => Promise<Json>;
interface Path {
  /** How docs/lead-changes.md names the path in the row's "Made by" cell. */
  name: string;
  door: Door;
  /** Makes the change; answers the changed lead's id. */
  run: (given: Given) => Promise<string>;
  /** What else the path must leave, beyond the lead change. */
  alsoCheck?: (leadId: string, before: Json) => Promise<void>;
}

const put = (fields: Json): Path[] => [
  { name: "`PUT /leads/{leadId}`", door: "rest", run: async (given) => (await rest("PUT", `/leads/${(await given()).id}`, fields)).id },
  { name: "`leads.update`", door: "trpc", run: async (given) => (await dashboard("leads.update", { leadId: (await given()).id, ...fields })).id },
];
const putFrom = (start: Json, fields: Json): Path[] =>
  put(fields).map((path) => ({ ...path, run: (given) => path.run((more) => given({ ...start, ...more })) }));
const created = (fields: () => Json): Path[] => [
  { name: "`POST /leads`", door: "rest", run: async () => (await rest("POST", "/leads", { email: `${newId("lead")}@example.test`, ...fields() })).id },
  { name: "`leads.create`", door: "trpc", run: async () => (await dashboard("leads.create", { phone: "+507 6000 0000", ...fields() })).id },
];
const toggle = (doNotCall: boolean, start: boolean): Path => ({
  name: "`sequences.setDoNotCall`",
  door: "trpc",
  run: async (given) => (await dashboard("sequences.setDoNotCall", { leadId: (await given({ doNotCall: start })).id, doNotCall })).leadId,
});
const projectDeletion = (door: Door, name: string, remove: (projectId: string) => Promise<unknown>): Path => ({
  name,
  door,
  run: async (given) => {
    const project = await seedProject(t.db, t.org.id, { units: [{ name: "A-1" }] });
    const lead = await given({ projectId: project.id, unitId: project.units[0]!.id });
    await remove(project.id);
    return lead.id;
  },
  alsoCheck: async (leadId, before) => {
    const after = await stories.lead(leadId);
    expect(after).toMatchObject({ projectId: null, unitId: null });
    expect(after.updatedAt > before.updatedAt).toBe(true);
  },
});

/** Every path that can make each documented change, by the row's "Change" cell. */
const PATHS: Record<string, Path[]> = {
  "Created, nobody assigned": [
    ...created(() => ({})),
    { name: "WhatsApp message from a new number", door: "system", run: whatsAppFromNewNumber },
  ],
  "Created with an assignee named": created(() => ({ assignedToId: agents[1]!.userId })),
  "Created and routed by a pool (create-time routing)": [
    ...created(() => ({ roundRobinId: quietPool })),
    { name: "WhatsApp message from a new number with a matching pool", door: "system", run: () => withCatchAllPool(whatsAppFromNewNumber) },
  ],
  "Status changed to an open status (the lead moves to its stage)": put({ status: "contacted" }),
  "Status changed to won (the lead moves to the won stage)": put({ status: "won" }),
  "Status changed to lost (the lead moves to the lost stage)": put({ status: "lost" }),
  "Stage changed to an open stage (the status follows)": put({ get stageId() { return stage.qualified; } }),
  "Stage changed to a won stage (the status follows)": put({ get stageId() { return stage.won; } }),
  "Assignee named by a person": [
    ...put({ get assignedToId() { return agents[0]!.userId; } }),
    {
      name: "`team.members.reassignLeads` with `toUserId`",
      door: "trpc",
      run: async (given) => {
        const { leadId, fromUserId } = await removedMemberWithLead(given);
        expect(await dashboard("team.members.reassignLeads", { fromUserId, toUserId: agents[1]!.userId })).toEqual({ reassigned: 1, remaining: 0 });
        return leadId;
      },
    },
  ],
  "Assignee chosen by a pool": [
    { name: "`POST /round-robin/assign`", door: "rest", run: async (given) => (await rest("POST", "/round-robin/assign", { leadId: (await given()).id, source: "manual" })).leadId },
    { name: "`roundRobin.assign`", door: "trpc", run: async (given) => (await dashboard("roundRobin.assign", { leadId: (await given()).id, source: "manual" })).leadId },
    {
      name: "`team.members.reassignLeads` with `toPoolId`",
      door: "trpc",
      run: async (given) => {
        const { leadId, fromUserId } = await removedMemberWithLead(given);
        expect(await dashboard("team.members.reassignLeads", { fromUserId, toPoolId: manualPool })).toEqual({ reassigned: 1, remaining: 0 });
        return leadId;
      },
    },
  ],
  "Assignee cleared": putFrom({ get assignedToId() { return agents[0]!.userId; } }, { assignedToId: null }),
  "Do-not-call marked": [
    ...put({ doNotCall: true }),
    toggle(true, false),
    {
      name: "`sequences.logCallOutcome` `do_not_call`",
      door: "trpc",
      run: async (given) => {
        const lead = await given({ phone: "+507 6111 2222" });
        await dashboard("sequences.logCallOutcome", { contactId: await callTaskFor(lead.id), outcome: "do_not_call" });
        return lead.id;
      },
      alsoCheck: async (leadId) => {
        const calls = await t.db.leadActivity.findMany({ where: { leadId, type: "call" } });
        expect(calls.map((c) => c.content)).toEqual(["Asked not to be called again"]);
        const logged = await t.db.webhookEvent.findMany({ where: { organizationId: t.org.id, type: "lead.communication_logged" } });
        expect(logged.filter((e) => (JSON.parse(e.body) as Json).data.leadId === leadId)).toHaveLength(1);
      },
    },
  ],
  "Do-not-call cleared": [...putFrom({ doNotCall: true }, { doNotCall: false }), toggle(false, true)],
  "Any other field (name, contact, value, project…)": put({ firstName: "Renata", estimatedValue: 125000 }),
  "Nothing changes (a touch)": [...putFrom({ firstName: "Same" }, { firstName: "Same" }), toggle(false, false)],
  Deleted: [
    { name: "`DELETE /leads/{leadId}`", door: "rest", run: async (given) => (await rest("DELETE", `/leads/${(await given()).id}`)).id },
    { name: "`leads.delete`", door: "trpc", run: async (given) => (await dashboard("leads.delete", { leadId: (await given()).id })).id },
  ],
  "Project link cleared because the project was deleted": [
    projectDeletion("rest", "`DELETE /projects/{projectId}`", (projectId) => rest("DELETE", `/projects/${projectId}`)),
    projectDeletion("trpc", "`projects.delete`", (projectId) => dashboard("projects.delete", { projectId })),
  ],
};

describe("docs/lead-changes.md", () => {
  it("lists exactly the changes this test makes, and every path it makes each one through", () => {
    const built = rows.filter((row) => row.madeBy !== "not built yet");
    expect(built.map((row) => row.change).sort()).toEqual(Object.keys(PATHS).sort());
    for (const row of built) for (const path of PATHS[row.change]!) expect(row.madeBy, row.change).toContain(path.name);
    // Every row is built (merges are told below the table: tests/intake/merge-and-undo.test.ts).
    expect(rows.filter((row) => row.madeBy === "not built yet").map((row) => row.change)).toEqual([]);
  });

  for (const row of rows.filter((r) => PATHS[r.change])) {
    describe(row.change, () => {
      for (const path of PATHS[row.change]!) {
        it(`through ${path.name.replaceAll("`", "")} (${path.door})`, async () => {
          let before: Json | null = null;
          let seen = { entries: new Set<string>(), events: new Set<string>() };
          const given: Given = async (fields = {}) => {
            const lead = await seedLead(t.db, t.org.id, { phone: "+507 6000 0001", ...fields });
            before = await stories.lead(lead.id);
            seen = await stories.checkpoint(lead.id);
            return before;
          };
          const leadId = await path.run(given);
          const story = await stories.since(leadId, seen);
          expectStory(story, row, DOORS[path.door](), { before, after: await stories.lead(leadId) });
          await path.alsoCheck?.(leadId, before);
        });
      }
    });
  }
});
