import { createTRPCRouter } from "../../trpc";
import { getPoolInstantReplyProcedure } from "./get-pool-instant-reply";
import { listSourceInstantRepliesProcedure } from "./list-source-instant-replies";
import { updatePoolInstantReplyProcedure } from "./update-pool-instant-reply";
import { updateSourceInstantReplyProcedure } from "./update-source-instant-reply";

export const instantReplyRouter = createTRPCRouter({
  sources: listSourceInstantRepliesProcedure,
  updateSource: updateSourceInstantReplyProcedure,
  pool: getPoolInstantReplyProcedure,
  updatePool: updatePoolInstantReplyProcedure,
});
