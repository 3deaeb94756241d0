import { protectedProcedure } from "../../trpc";
import { pageOf } from "../../schemas/pagination";
import { listAssignments } from "../../../round-robin/list-assignments";
import { listAssignmentsInput, listAssignmentsMeta, listAssignmentsOutput } from "./list-assignments.types";
import { toWire } from "./round-robin.types";

export const listAssignmentsProcedure = protectedProcedure
  .meta(listAssignmentsMeta)
  .input(listAssignmentsInput)
  .output(listAssignmentsOutput)
  .query(async ({ ctx, input }) => {
    const { roundRobinId, ...page } = input;
    return toWire(pageOf(await listAssignments(ctx, roundRobinId, page), page));
  });
