import { createTRPCRouter } from "../../trpc";
import { getUsageProcedure } from "./get-usage";

export const usageRouter = createTRPCRouter({
  get: getUsageProcedure,
});
