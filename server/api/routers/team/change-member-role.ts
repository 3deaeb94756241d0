import { protectedProcedure } from "../../trpc";
import { MANAGERS } from "../../../auth/roles";
import { changeRoleInput, changeRoleOutput } from "./team.types";
import { changeMemberRole } from "../../../team/manage-members";

/** Changes a member's role; 409 CONFLICT when it would leave the organization without an owner. */
export const changeMemberRoleProcedure = protectedProcedure
  .meta({ scope: "none", roles: MANAGERS })
  .input(changeRoleInput)
  .output(changeRoleOutput)
  .mutation(({ ctx, input }) => changeMemberRole(ctx, input.membershipId, input.role));
