import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { memberSchema } from "./member.types";

export const listMembersMeta = {
  scope: "members:read",
  openapi: {
    method: "GET",
    path: "/members",
    tags: ["Members"],
    summary: "List members",
    description: "Every member of the organization, oldest membership first. Not paginated.",
  },
} as const satisfies ProcedureMeta;

export const listMembersInput = z.void();

export const listMembersOutput = z.object({ data: z.array(memberSchema) });
