import { readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import type { ApiTest } from "../../support/api-test";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;
export type Door = "rest" | "trpc" | "system";

/** One row of docs/lead-changes.md's table. */
export interface DocumentedChange {
  change: string;
  madeBy: string;
  timeline: string[];
  /** `lead.*` event types, `lead.assigned` as `lead.assigned (autoAssigned true|false)`, sorted. */
  events: string[];
}

const ACTIVITY_TYPES = new Set(["created", "updated", "status_changed", "stage_changed", "assigned", "unassigned"]);
const ticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

/** Reads the table of docs/lead-changes.md, the one the test makes true. */
export function documentedChanges(): DocumentedChange[] {
  const text = readFileSync(path.resolve(import.meta.dirname, "../../../docs/lead-changes.md"), "utf8");
  const lines = text.split("\n");
  const header = lines.findIndex((line) => line.startsWith("| Change | Made by"));
  if (header < 0) throw new Error("docs/lead-changes.md: the table of changes is missing");
  const rows: DocumentedChange[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith("|")) break;
    const [change, madeBy, timeline, events] = line.split("|").slice(1, -1).map((cell) => cell.trim()) as [string, string, string, string];
    const autoAssigned = /autoAssigned (true|false)/.exec(events)?.[1];
    rows.push({
      change,
      madeBy,
      timeline: ticked(timeline).filter((type) => ACTIVITY_TYPES.has(type)),
      events: ticked(events)
        .filter((type) => type.startsWith("lead."))
        .map((type) => (type === "lead.assigned" ? `${type} (autoAssigned ${autoAssigned})` : type))
        .sort(),
    });
  }
  return rows;
}

/** What one change left on a lead: its system timeline entries (oldest first) and its lead.* events. */
export interface Story {
  entries: Json[];
  events: { type: string; origin: string; data: Json }[];
}

const OWN_OPERATIONS = new Set(["lead.note_added", "lead.communication_logged"]);

/** Reads stories through the real doors: the timeline from the REST API, events from the webhook outbox. */
export function storyReader(t: ApiTest) {
  const api = (url: string) => t.server.api(url, { token: t.org.key });
  const eventsOf = async (leadId: string) =>
    (await t.db.webhookEvent.findMany({ where: { organizationId: t.org.id }, orderBy: { createdAt: "asc" } }))
      .map((row) => ({ id: row.id, type: row.type, origin: row.origin as string, data: (JSON.parse(row.body) as Json).data }))
      .filter((event) => (event.data.lead?.id ?? event.data.leadId) === leadId && !OWN_OPERATIONS.has(event.type));
  const entriesOf = async (leadId: string): Promise<Json[]> => {
    const response = await api(`/leads/${leadId}/activities?activityScope=system&limit=100`);
    if (response.status === 404) return [];
    expect(response.status).toBe(200);
    return ((await response.json()) as Json).data.reverse();
  };

  return {
    /** The lead as GET shows it, or null once deleted. */
    async lead(leadId: string): Promise<Json | null> {
      const response = await api(`/leads/${leadId}`);
      if (response.status === 404) return null;
      expect(response.status).toBe(200);
      return response.json();
    },
    /** What is on the lead now, to tell a change's own story apart from what came before it. */
    async checkpoint(leadId: string) {
      return { entries: new Set((await entriesOf(leadId)).map((e) => e.id)), events: new Set((await eventsOf(leadId)).map((e) => e.id)) };
    },
    async since(leadId: string, seen: { entries: Set<string>; events: Set<string> }): Promise<Story> {
      return {
        entries: (await entriesOf(leadId)).filter((entry) => !seen.entries.has(entry.id)),
        events: (await eventsOf(leadId)).filter((event) => !seen.events.has(event.id)),
      };
    },
  };
}

const describeEvent = (event: Story["events"][number]) =>
  event.type === "lead.assigned" ? `${event.type} (autoAssigned ${event.data.autoAssigned})` : event.type;

const withoutLastActivity = ({ lastActivityAt: _, ...lead }: Json) => lead;

/**
 * Checks a story against its row and against the rules every row follows
 * (docs/lead-changes.md): the author and the source are the door's; the
 * `assigned` entry says "by round robin" exactly when a pool chose;
 * `lead.assigned` names the assignee before; `lead.updated`'s changes are the
 * `updated` entry's; every event's `data.lead` is the lead as GET shows it.
 */
export function expectStory(
  story: Story,
  row: DocumentedChange,
  door: { origin: string; author: string },
  lead: { before: Json | null; after: Json | null },
): void {
  expect(story.entries.map((entry) => entry.type)).toEqual(row.timeline);
  expect(story.events.map(describeEvent).sort()).toEqual(row.events);
  for (const event of story.events) expect(event.origin).toBe(door.origin);
  for (const entry of story.entries) expect(entry.user.name).toBe(door.author);

  const assigned = story.events.find((event) => event.type === "lead.assigned");
  if (assigned) {
    const entry = story.entries.find((e) => e.type === "assigned");
    const by = assigned.data.autoAssigned ? " by round robin" : "";
    expect(entry.content).toBe(`Assigned to ${assigned.data.lead.assignedTo.name}${by}`);
    expect(assigned.data.previousAssignedToId).toBe(lead.before?.assignedToId ?? null);
  }
  const updated = story.events.find((event) => event.type === "lead.updated");
  if (updated) expect(updated.data.changes).toEqual(story.entries.find((e) => e.type === "updated")?.changes ?? {});
  const shown = lead.after ?? lead.before;
  for (const event of story.events) expect(withoutLastActivity(event.data.lead)).toEqual(withoutLastActivity(shown));
}
