import { createTRPCRouter } from "../../trpc";
import { getFirstTouchReportProcedure } from "./get-first-touch-report";

/** Reports a manager reads (REST and dashboard). */
export const reportsRouter = createTRPCRouter({
  firstTouch: getFirstTouchReportProcedure,
});
