import { z } from "zod";
import { createTRPCRouter, protectedProcedure, publicProcedure } from "../trpc";
import { ApiError } from "../../errors/api-error";
import {
  createMyOrganization,
  createMyOrganizationInput,
  listMyOrganizations,
  myOrganizationSchema,
} from "../../account/my-organizations";
import { signUp, signUpInput } from "../../account/sign-up";
import { throttleAttempt } from "../../auth/abuse-throttle";
import { endAllSessions } from "../../auth/sessions";

/**
 * The signed-in person's account (dashboard only, no REST path): sign-up,
 * the organizations they belong to, and starting another one. Switching the
 * active organization is a session update (next-auth `update`), checked
 * against the memberships in the session callback.
 */
const sessionProcedure = protectedProcedure.meta({ scope: "none" }).use(({ ctx, next }) => {
  const { userId } = ctx.principal;
  if (ctx.principal.kind !== "session" || userId === null) throw new ApiError("FORBIDDEN", "account.dashboardOnly");
  return next({ ctx: { userId } });
});

export const accountRouter = createTRPCRouter({
  signUp: publicProcedure
    .input(signUpInput)
    .output(z.object({ userId: z.string(), organizationId: z.string() }))
    .mutation(async ({ ctx, input }) => {
      if (ctx.door !== "trpc") throw new ApiError("FORBIDDEN", "account.dashboardOnly");
      await throttleAttempt("sign-up", { address: ctx.clientAddress, email: input.email });
      return signUp(ctx.db, input);
    }),

  organizations: sessionProcedure
    .input(z.void())
    .output(z.object({ activeOrganizationId: z.string(), data: z.array(myOrganizationSchema) }))
    .query(async ({ ctx }) => ({
      activeOrganizationId: ctx.principal.organizationId,
      data: await listMyOrganizations(ctx.db, ctx.userId),
    })),

  createOrganization: sessionProcedure
    .input(createMyOrganizationInput)
    .output(myOrganizationSchema)
    .mutation(({ ctx, input }) =>
      createMyOrganization(ctx.db, ctx.userId, {
        name: input.name,
        locale: ctx.principal.organization.locale,
        timezone: ctx.principal.organization.timezone,
      }),
    ),

  /** Ends every dashboard session of the caller, this one included; the client then signs out locally. */
  signOutEverywhere: sessionProcedure
    .input(z.object({}))
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx }) => {
      await endAllSessions(ctx.db, ctx.userId);
      return { ok: true as const };
    }),
});
