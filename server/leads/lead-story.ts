import type { DbTx } from "../db/client";
import { Prisma } from "../db/generated/client";
import { preparedStatement } from "../db/prepared-statements";
import { eventsRecorded, type PreparedEvents } from "../events/record-events";
import { deferredJobsQueued } from "../jobs/deferred/deferred-job";

/** What a new lead leaves besides its row, each part as its owner wrote it (null: nothing of that part). */
export interface LeadStory {
  /** The pool's history row (server/round-robin/take-turn.ts `assignmentHistoryInsert`). */
  history: Prisma.Sql | null;
  /** The timeline entries (server/leads/activities/record-activities.ts `prepareActivities`). */
  activities: Prisma.Sql | null;
  /** The events and their webhook deliveries (server/events/record-events.ts `prepareEvents`). */
  events: PreparedEvents | null;
  /** The lead's matching job, when it has an interest (server/matching/match-job.ts `leadMatchingInsert`). */
  matching: Prisma.Sql | null;
}

/**
 * Sends a created lead's history row, timeline entries, events and matching
 * job in one statement, as data-modifying CTEs after the lead's insert: each
 * runs once and to completion whether or not the statement reads it, and they
 * write different tables, so together they leave exactly what each would
 * alone (the timeline's trigger moves the lead's `lastActivityAt` at the
 * statement's end, as before). One round trip instead of up to four; each
 * part's SQL stays with its owner, which runs the same SQL alone for its
 * other writers.
 */
export async function writeLeadStory(tx: DbTx, story: LeadStory): Promise<void> {
  const writes: Prisma.Sql[] = [];
  if (story.history !== null) writes.push(Prisma.sql`h AS (${story.history})`);
  if (story.activities !== null) writes.push(Prisma.sql`a AS (${story.activities})`);
  if (story.events !== null) writes.push(story.events.writes);
  if (story.matching !== null) writes.push(Prisma.sql`j AS (${story.matching})`);
  if (writes.length === 0) return;
  const deliveries = story.events?.deliveries ?? Prisma.sql`0`;
  // Prepared (server/db/prepared-statements.ts): its text is one of a few (which parts are present), and a create runs it every time.
  const [written] = await tx.$queryRaw<{ deliveries: number }[]>(
    preparedStatement(Prisma.sql`WITH ${Prisma.join(writes, ", ")} SELECT ${deliveries} AS "deliveries"`),
  );
  eventsRecorded(written?.deliveries ?? 0);
  if (story.matching !== null) deferredJobsQueued();
}
