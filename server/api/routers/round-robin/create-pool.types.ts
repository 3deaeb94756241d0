import { z } from "zod";
import { MANAGERS } from "../../../auth/roles";
import type { ProcedureMeta } from "../../trpc";
import { poolBodyFields, poolSchema } from "./round-robin.types";

export const createPoolMeta = {
  scope: "round-robin:write",
  roles: MANAGERS,
  successStatus: 201,
  openapi: {
    method: "POST",
    path: "/round-robin",
    tags: ["Round robin"],
    summary: "Create a round robin pool",
    description:
      "Rotates leads over `participantIds` in array order; the pointer starts on the first. 400 `VALIDATION_ERROR` for " +
      "body shape (name, empty `participantIds`, negative goals, unknown source or provider, empty or over-long " +
      "connection fields, automation without `provider`, workflow without `workflowId`); 400 `BAD_REQUEST` for a " +
      "participant or follower who is not a member, repeated participants, or two identical connections; for the " +
      "generic `webhook` connection (source webhook, no other field) 400 `BAD_REQUEST` while the organization's " +
      "universal lead webhook integration is off and 409 `CONFLICT` when another pool holds it. " +
      "Routing of arriving leads: a connection matches when every field it sets equals the lead's origin (from " +
      "`customFields`/`sourceMetadata` keys named like the fields, plus `utm_campaign` and `provider`); adplatform needs an " +
      "ad-platform lead, automation the provider, workflow the workflow id. The most specific match wins, then the generic " +
      "webhook connection, then an active inbound pool without connections (catch-all).",
  },
} as const satisfies ProcedureMeta;

export const createPoolInput = z.object(poolBodyFields);

export const createPoolOutput = poolSchema;
