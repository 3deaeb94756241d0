import { createTRPCRouter } from "../../trpc";
import { getMemberProcedure } from "./get-member";
import { listMembersProcedure } from "./list-members";

/** The organization's members (read-only). */
export const membersRouter = createTRPCRouter({
  list: listMembersProcedure,
  get: getMemberProcedure,
});
