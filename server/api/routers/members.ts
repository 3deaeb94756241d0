import { z } from "zod";
import { createTRPCRouter, protectedProcedure } from "../trpc";
import { getMember, listMembers } from "../../members/list-members";

export const memberSchema = z.object({
  id: z.string().describe("Membership id (uuid), used in /members/{memberId}"),
  role: z.enum(["owner", "admin", "member"]),
  createdAt: z.string().describe("ISO 8601 UTC timestamp with milliseconds"),
  updatedAt: z.string().describe("ISO 8601 UTC timestamp with milliseconds"),
  user: z.object({
    id: z.string().describe("User id: the value for `assignedToId` and `userId`"),
    name: z.string(),
    email: z.string(),
    image: z.string().nullable().describe("Avatar URL"),
    locale: z.enum(["en", "es"]),
  }),
});

export const membersRouter = createTRPCRouter({
  list: protectedProcedure
    .meta({
      scope: "members:read",
      openapi: {
        method: "GET",
        path: "/members",
        tags: ["Members"],
        summary: "List members",
        description: "Every member of the organization, oldest membership first. Not paginated.",
      },
    })
    .input(z.void())
    .output(z.object({ data: z.array(memberSchema) }))
    .query(({ ctx }) => listMembers(ctx.db, ctx.principal.organizationId)),

  get: protectedProcedure
    .meta({
      scope: "members:read",
      openapi: {
        method: "GET",
        path: "/members/{memberId}",
        tags: ["Members"],
        summary: "Get a member",
        description: "One member by membership id. 404 `NOT_FOUND` when missing or in another organization.",
      },
    })
    .input(z.object({ memberId: z.uuid().describe("Membership id") }))
    .output(memberSchema)
    .query(({ ctx, input }) => getMember(ctx.db, ctx.principal.organizationId, input.memberId)),
});
