import { protectedProcedure } from "../../trpc";

/**
 * Settings → Members (dashboard door only, no REST path). Each domain
 * function checks the caller's role itself (owners and admins; owner-only
 * rules inside), read from the membership on every call.
 */
export const teamProcedure = protectedProcedure.meta({ scope: "none" });
