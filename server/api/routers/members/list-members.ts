import { protectedProcedure } from "../../trpc";
import { listMembers } from "../../../members/list-members";
import { listMembersInput, listMembersMeta, listMembersOutput } from "./list-members.types";

export const listMembersProcedure = protectedProcedure
  .meta(listMembersMeta)
  .input(listMembersInput)
  .output(listMembersOutput)
  .query(async ({ ctx }) => ({ data: await listMembers(ctx) }));
