import { createTRPCRouter } from "../../trpc";
import { changeMemberRoleProcedure } from "./change-member-role";
import { createInvitationProcedure } from "./create-invitation";
import { listInvitationsProcedure } from "./list-invitations";
import { memberVerificationProcedure } from "./member-verification";
import { reassignLeadsProcedure } from "./reassign-leads";
import { removeMemberProcedure } from "./remove-member";
import { resendInvitationProcedure } from "./resend-invitation";
import { revokeInvitationProcedure } from "./revoke-invitation";
import { teamOverviewProcedure } from "./team-overview";
import { getWorkingHoursProcedure, setWorkingHoursProcedure } from "./working-hours";
import { getOutOfOfficeProcedure, setOutOfOfficeProcedure } from "./out-of-office";

/** Settings → Members: invitations, roles, removal (dashboard only; the Members API stays read-only). */
export const teamRouter = createTRPCRouter({
  overview: teamOverviewProcedure,
  invitations: createTRPCRouter({
    list: listInvitationsProcedure,
    create: createInvitationProcedure,
    resend: resendInvitationProcedure,
    revoke: revokeInvitationProcedure,
  }),
  members: createTRPCRouter({
    changeRole: changeMemberRoleProcedure,
    remove: removeMemberProcedure,
    reassignLeads: reassignLeadsProcedure,
    sendVerification: memberVerificationProcedure,
    workingHours: getWorkingHoursProcedure,
    setWorkingHours: setWorkingHoursProcedure,
    outOfOffice: getOutOfOfficeProcedure,
    setOutOfOffice: setOutOfOfficeProcedure,
  }),
});
