import { protectedProcedure } from "../../trpc";
import { getMember } from "../../../members/get-member";
import { getMemberInput, getMemberMeta, getMemberOutput } from "./get-member.types";

export const getMemberProcedure = protectedProcedure
  .meta(getMemberMeta)
  .input(getMemberInput)
  .output(getMemberOutput)
  .query(({ ctx, input }) => getMember(ctx, input.memberId));
