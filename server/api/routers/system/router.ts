import { createTRPCRouter } from "../../trpc";
import { checkHealthProcedure } from "./check-health";
import { getMeProcedure } from "./get-me";

/** The connection checks: is the service up, and who does this credential act as. */
export const systemRouter = createTRPCRouter({
  health: checkHealthProcedure,
  me: getMeProcedure,
});
