import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { leadBodyFields } from "./lead-body.types";
import { timestampSchema } from "../../schemas/timestamp";
import { leadContactSchema } from "./lead.types";

export const createLeadMeta: ProcedureMeta = {
  scope: "leads:write",
  successStatus: 201,
  openapi: {
    method: "POST",
    path: "/leads",
    tags: ["Leads"],
    summary: "Create a lead",
    description:
      "No field is required, but the lead needs an `email` or a `phone` (empty strings count as missing): otherwise " +
      "400 `VALIDATION_ERROR`, as for an invalid email or any field out of bounds. `assignedToId` must be a member's user " +
      "id, `stageId` one of this organization's stages, `projectId`/`unitId` this organization's project and a unit of " +
      "it; all are checked before anything is written (400 `VALIDATION_ERROR` naming each bad field). " +
      "One lead state: the stage is what the lead is in and `status` is what that stage stands for (a stage whose `systemKey` is a status stands for it; another won or lost stage for `won`/`lost`; another open stage for the status of the nearest stage with a status key before it, else `new`). The lead lands in the stage sent and takes its status, else in the stage of the " +
      "status sent (default `new`); a `status` and a `stageId` that disagree: 400 `VALIDATION_ERROR`. An explicit " +
      "`assignedToId` skips the round robin (`roundRobinId` null). Otherwise `roundRobinId` (a pool of this organization, " +
      "else 400 `VALIDATION_ERROR`) assigns through that pool's rotation whatever its flags, and without it the lead is " +
      "routed by its origin (`source`, plus origin keys in `customFields` such as `utm_campaign`, `adplatformFormId`, " +
      "`provider`, `sourceKey`, `workflowId`) to the matching active pool with `assignInboundLeads` (see POST /round-robin). " +
      "No eligible pool or participant: created unassigned; routing never makes creation fail. 403 `FORBIDDEN` when the " +
      "plan limit `maxLeads` is reached. Emits `lead.created` and, when assigned, `lead.assigned` (`autoAssigned` true " +
      "when the round robin chose, false for an explicit `assignedToId`). " +
      "Not idempotent: a blind retry creates a duplicate, unless the body carries the extension `externalId` (the lead's " +
      "id at its source): a second create with the same `externalId` and `source` answers `409 CONFLICT` naming the " +
      "lead the first one made, and writes nothing.",
  },
};

export const createLeadInput = z.object({
  ...leadBodyFields,
  roundRobinId: z
    .uuid()
    .nullish()
    .describe("Round robin pool to assign through when `assignedToId` is not sent; the lead is never refused over it"),
});

export const createLeadOutput = leadContactSchema.extend({
  assignedToId: z.string().nullable().describe("The assigned member's user id, or null when left unassigned"),
  roundRobinId: z
    .string()
    .nullable()
    .describe("The pool used for assignment, or null for an explicit assignedToId or when nothing was assigned"),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
