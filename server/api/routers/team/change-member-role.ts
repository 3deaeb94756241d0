import { teamProcedure } from "./team-procedure";
import { changeRoleInput, changeRoleOutput } from "./team.types";
import { changeMemberRole } from "../../../team/manage-members";

/** Changes a member's role; 409 CONFLICT when it would leave the organization without an owner. */
export const changeMemberRoleProcedure = teamProcedure
  .input(changeRoleInput)
  .output(changeRoleOutput)
  .mutation(({ ctx, input }) => changeMemberRole(ctx, input.membershipId, input.role));
