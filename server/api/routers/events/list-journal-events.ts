import { listJournalEvents } from "../../../events/event-journal";
import { protectedProcedure } from "../../trpc";
import { listJournalEventsInput, listJournalEventsMeta, listJournalEventsOutput } from "./list-journal-events.types";

export const listJournalEventsProcedure = protectedProcedure
  .meta(listJournalEventsMeta)
  .input(listJournalEventsInput)
  .output(listJournalEventsOutput)
  .query(async ({ ctx, input }) => {
    const { type, ...rest } = input;
    const page = await listJournalEvents(ctx, { ...rest, types: type });
    const offset = input.cursor === undefined ? input.offset : 0;
    return {
      data: page.rows,
      pagination: { total: page.total, limit: input.limit, offset, hasMore: page.hasMore, nextCursor: page.nextCursor },
    };
  });
