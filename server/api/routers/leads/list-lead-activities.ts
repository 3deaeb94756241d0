import { protectedProcedure } from "../../trpc";
import { listLeadActivities } from "../../../leads/activities/list-activities";
import {
  listLeadActivitiesInput,
  listLeadActivitiesMeta,
  listLeadActivitiesOutput,
} from "./list-lead-activities.types";

export const listLeadActivitiesProcedure = protectedProcedure
  .meta(listLeadActivitiesMeta)
  .input(listLeadActivitiesInput)
  .output(listLeadActivitiesOutput)
  .query(({ ctx, input }) => listLeadActivities({ db: ctx.db, principal: ctx.principal }, input));
