import { createTRPCRouter } from "../../trpc";
import { listLeadAccessProcedure } from "./list-lead-access";

/** Settings → Lead access: the audit of who viewed or exported which leads (owners and admins; dashboard only). */
export const leadAccessRouter = createTRPCRouter({
  list: listLeadAccessProcedure,
});
