import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { MATCH_ON, ON_DUPLICATE } from "../../../leads/intake/write-intake-lead";

export const BATCH_MAX = 100;

export const createLeadBatchMeta: ProcedureMeta = {
  scope: "leads:write",
  // The monthly quota is charged per created or updated lead, by the operation itself.
  monthlyCost: 0,
  openapi: {
    method: "POST",
    path: "/leads/batch",
    tags: ["Leads"],
    summary: "Create or update up to 100 leads",
    description:
      `Extension. 1..${BATCH_MAX} lead bodies, each exactly as \`POST /leads\` takes it, validated and written on its own: ` +
      "one bad item never fails the others, and the answer lists an outcome per item in order (`index` is the item's " +
      "position). `created`: made like a single `POST /leads` (routed by the round robin, counted against `maxLeads`, " +
      "`lead.created`/`lead.assigned` emitted, put through the organization's duplicate policy — under `auto_merge` the " +
      "`id` is then the existing lead it was merged into). `onDuplicate` (default `create`) says what an item matching " +
      "an existing lead the caller sees does: `create` a new one anyway, `skip` it, or `update` the existing lead with the " +
      "fields sent (like `PUT /leads/{leadId}`, `lead.updated` emitted). `matchOn` (default `[\"email\", \"phone\"]`): " +
      "the e-mail as the duplicate check compares it (lowercased; Gmail's dots and `+tag` ignored), the phone in E.164. " +
      "An item whose `externalId` (with its `source`) is already held is always a match, whatever `matchOn` says: with " +
      "`create` or `skip` it is `skipped`, so a retried delivery is a no-op. `invalid`: the item's `error` is the " +
      "envelope's `{code, message}` a single request would have answered (400 `VALIDATION_ERROR`, 403 `FORBIDDEN` for " +
      "the plan limit, 409 `CONFLICT`…); nothing of it was written. Rate limits: the request costs one request in the " +
      "per-second and per-minute windows and one monthly unit per created or updated lead (skipped and invalid items " +
      "cost nothing), like `POST /sequences/{id}/launch`; once the monthly quota is spent, the remaining items are " +
      "`invalid` with code `BAD_REQUEST` and the quota message. Items are written in order, one transaction each.",
  },
};

export const createLeadBatchInput = z.object({
  leads: z
    .array(z.unknown().describe("A lead body, as `POST /leads` takes it (see that operation's request body)"))
    .min(1)
    .max(BATCH_MAX)
    .describe(`1..${BATCH_MAX} lead bodies`),
  onDuplicate: z.enum(ON_DUPLICATE).default("create").describe("`create` (default), `skip` or `update`"),
  matchOn: z
    .array(z.enum(MATCH_ON))
    .min(1)
    .default(["email", "phone"])
    .describe("Which fields find an existing lead: `email`, `phone`, `externalId` (default `[\"email\", \"phone\"]`)"),
});

export const createLeadBatchOutput = z.object({
  data: z.array(
    z.object({
      index: z.number().int().describe("The item's position in `leads`, from 0"),
      status: z.enum(["created", "updated", "skipped", "invalid"]),
      id: z.string().optional().describe("The lead created, updated or matched (absent for `invalid`)"),
      error: z
        .object({ code: z.string(), message: z.string() })
        .optional()
        .describe("For `invalid`: the error a single request would have answered"),
    }),
  ),
});
