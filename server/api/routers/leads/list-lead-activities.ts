import { protectedProcedure } from "../../trpc";
import { pageOf } from "../../schemas/pagination";
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
  .query(async ({ ctx, input }) => pageOf(await listLeadActivities(ctx, input), input));
