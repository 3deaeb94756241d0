import { eventSourceOf, recordEvents } from "../../events/record-events";
import type { DomainContext } from "../../domain-context";
import { lockLeadOrThrow } from "../find-lead";
import { actorOf } from "./activity-actor";
import { recordActivities } from "./record-activities";
import { runInTransaction } from "../../db/run-in-transaction";

export interface NoteRepresentation {
  id: string;
  leadId: string;
  content: string;
  createdAt: string;
}

/** Adds a note to a lead's timeline (scope `lead_event`) and emits `lead.note_added` with `data.leadId` and `data.note`. */
export async function addLeadNote(ctx: DomainContext, leadId: string, content: string): Promise<NoteRepresentation> {
  const { principal } = ctx;
  const organizationId = principal.organizationId;
  return runInTransaction(ctx.db, async (tx) => {
    await lockLeadOrThrow(tx, principal, leadId, "share");
    const actor = await actorOf(tx, principal);
    const [entry] = await recordActivities(tx, { organizationId, leadId, actor, locale: principal.organization.locale }, [
      { type: "note", activityScope: "lead_event", content },
    ]);
    if (!entry) throw new Error("note was not recorded");
    const note = { id: entry.id, leadId, content: entry.content, createdAt: entry.createdAt };
    // The event's note also names its author, which receivers otherwise could not learn.
    await recordEvents(tx, eventSourceOf(principal), [
      { type: "lead.note_added", data: { leadId, note: { ...note, user: entry.user } } },
    ]);
    return note;
  });
}
