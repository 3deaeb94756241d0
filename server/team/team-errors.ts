import { fieldError } from "../account/field-error";
import { ApiError } from "../errors/api-error";

/** Errors of Settings → Members and Teams and of the invitation, verification and reset links. */
export const teamErrors = {
  invitationNotFound: () => new ApiError("NOT_FOUND", "resource.notFound", { resource: "Invitation" }),
  memberNotFound: () => new ApiError("NOT_FOUND", "resource.notFound", { resource: "Member" }),
  ownersOnly: () => new ApiError("FORBIDDEN", "team.ownersOnly"),
  lastOwner: () => new ApiError("CONFLICT", "team.lastOwner"),
  alreadyMember: () => new ApiError("CONFLICT", "team.alreadyMember"),
  invitationClosed: () => new ApiError("BAD_REQUEST", "team.invitationClosed"),
  otherEmail: () => new ApiError("FORBIDDEN", "team.invitationOtherEmail"),
  unverified: () => new ApiError("FORBIDDEN", "account.emailUnverified"),
  ownVerification: () => new ApiError("BAD_REQUEST", "team.ownVerification"),
  accountExists: () => new ApiError("CONFLICT", "team.accountExists"),
  linkInvalid: () => new ApiError("BAD_REQUEST", "account.linkInvalid"),
  wrongPassword: () => fieldError("password", "the password is not right"),
  teamNotFound: () => new ApiError("NOT_FOUND", "resource.notFound", { resource: "Team" }),
  teamNameTaken: () => new ApiError("CONFLICT", "team.teamNameTaken"),
  notMembers: (userIds: string[]) => new ApiError("BAD_REQUEST", "team.notMembers", { ids: userIds.join(", ") }),
  alreadyInTeam: (people: string[]) => new ApiError("BAD_REQUEST", "team.alreadyInTeam", { people: people.join(", ") }),
  teamsChangedMeanwhile: () => new ApiError("CONFLICT", "team.teamsChangedMeanwhile"),
};
