import { createTRPCRouter } from "../../trpc";
import { createMyOrganizationProcedure } from "./create-my-organization";
import { listMyOrganizationsProcedure } from "./list-my-organizations";
import { signOutEverywhereProcedure } from "./sign-out-everywhere";
import { signUpProcedure } from "./sign-up";
import {
  acceptInvitationAsNewUserProcedure,
  acceptInvitationProcedure,
  acceptInvitationWithPasswordProcedure,
  invitationPreviewProcedure,
} from "./invitation-procedures";
import { changePasswordProcedure, requestPasswordResetProcedure, resetPasswordProcedure } from "./password-procedures";
import { accountStatusProcedure, resendVerificationProcedure, verifyEmailProcedure } from "./verification-procedures";

/**
 * The signed-in person's account (dashboard only, no REST path): sign-up,
 * the organizations they belong to, and starting another one. Switching the
 * active organization is a session update (next-auth `update`), checked
 * against the memberships in the session callback.
 */
export const accountRouter = createTRPCRouter({
  signUp: signUpProcedure,
  organizations: listMyOrganizationsProcedure,
  createOrganization: createMyOrganizationProcedure,
  signOutEverywhere: signOutEverywhereProcedure,
  status: accountStatusProcedure,
  invitation: invitationPreviewProcedure,
  acceptInvitation: acceptInvitationProcedure,
  acceptInvitationAsNewUser: acceptInvitationAsNewUserProcedure,
  acceptInvitationWithPassword: acceptInvitationWithPasswordProcedure,
  verifyEmail: verifyEmailProcedure,
  resendVerification: resendVerificationProcedure,
  requestPasswordReset: requestPasswordResetProcedure,
  resetPassword: resetPasswordProcedure,
  changePassword: changePasswordProcedure,
});
