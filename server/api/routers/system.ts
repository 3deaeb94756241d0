import { z } from "zod";
import { createTRPCRouter, protectedProcedure, publicProcedure } from "../trpc";
import { checkDatabase } from "../../system/check-database";

export const healthOutput = z.object({
  ok: z.boolean().describe("true when the process is alive and the database answered a round trip"),
  ts: z.string().optional().describe("Server time, ISO 8601 UTC with milliseconds; absent when ok is false"),
});

export const meOutput = z.object({
  organization: z.object({
    id: z.string().uuid(),
    name: z.string(),
    slug: z.string().nullable().describe("May be null for older organizations"),
  }),
  auth: z.object({
    type: z.enum(["api_key", "oauth", "session"]).describe("`api_key` or `oauth` on the REST door"),
    scopes: z.array(z.string()),
    clientId: z.string().nullable().describe("OAuth client id; null for API keys"),
    userId: z.string().nullable().describe("The token owner's user id for OAuth; null for API keys"),
  }),
});

export const systemRouter = createTRPCRouter({
  health: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/health",
        protect: false,
        tags: ["Connection"],
        summary: "Liveness and database check",
        description:
          "Anonymous and never rate limited. Answers 200 `{ok: true, ts}` after a database round trip, or 503 `{ok: false}` " +
          "when the database is unreachable. Exposes no version or environment information. Check the body, not only " +
          "the status, and poll at most once a minute.",
      },
    })
    .input(z.void())
    .output(healthOutput)
    .query(async ({ ctx }) => {
      if (await checkDatabase(ctx.db)) return { ok: true, ts: new Date().toISOString() };
      ctx.response.status = 503;
      return { ok: false };
    }),

  me: protectedProcedure
    .meta({
      scope: "none",
      openapi: {
        method: "GET",
        path: "/me",
        tags: ["Connection"],
        summary: "Who am I",
        description:
          "Any valid bearer, even with no scopes. Returns the organization the token is bound to and the credential's " +
          "type and scopes. When this answers 200, authentication works and a failure elsewhere lies in scopes, plan " +
          "limits or validation.",
      },
    })
    .input(z.void())
    .output(meOutput)
    .query(({ ctx }) => {
      const { principal } = ctx;
      return {
        organization: { id: principal.organization.id, name: principal.organization.name, slug: principal.organization.slug },
        auth: {
          // Doors resolve sessions and credentials only; the system actor exists inside jobs.
          type: principal.kind as Exclude<typeof principal.kind, "system">,
          scopes: principal.scopes,
          clientId: principal.kind === "oauth" ? principal.clientId : null,
          userId: principal.kind === "api_key" ? null : principal.userId,
        },
      };
    }),
});
