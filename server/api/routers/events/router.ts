import { createTRPCRouter } from "../../trpc";
import { listJournalEventsProcedure } from "./list-journal-events";

/** The event journal (`GET /events`). */
export const eventsRouter = createTRPCRouter({
  list: listJournalEventsProcedure,
});
