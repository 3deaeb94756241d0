import { z } from "zod";
import { ANY_ROLE } from "../../../auth/roles";
import type { ProcedureMeta } from "../../trpc";
import { pathIdSchema } from "../../../ids";
import { leadSchema } from "./lead.types";

export const claimLeadMeta: ProcedureMeta = {
  scope: "leads:write",
  roles: ANY_ROLE,
  openapi: {
    method: "POST",
    path: "/leads/{leadId}/claim",
    tags: ["Leads"],
    summary: "Claim a lead (extension)",
    description:
      "Extension: the caller takes a lead offered to them by a first-to-claim pool (`distribution: first_to_claim`), or " +
      "waiting unassigned in the pond of a pool they take part in (not paused). The first claim wins: 200 with the lead, " +
      "now assigned to the caller (an `assigned` timeline entry and `lead.assigned` with `autoAssigned: false`, a pool " +
      "history row with source `manual` and `metadata.reason` `claim`; it counts towards the caller's daily cap and moves " +
      "no rotation pointer). Every later claim is 409 `CONFLICT`, whoever holds the lead; the winner claiming again gets " +
      "200 and nothing is written. Exactly one claim wins under concurrency (the lead's row lock decides). A person's " +
      "act: an API key is 403 `FORBIDDEN`, as is a caller to whom the lead is neither offered nor in a pond of theirs. " +
      "Lead visibility applies: 404 `NOT_FOUND` when the lead is missing, in another organization or out of the caller's sight.",
  },
};

export const claimLeadInput = z.object({ leadId: pathIdSchema("lead") });
export const claimLeadOutput = leadSchema;
