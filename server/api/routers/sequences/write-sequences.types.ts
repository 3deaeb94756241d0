import { z } from "zod";
import { MANAGERS } from "../../../auth/roles";
import type { ProcedureMeta } from "../../trpc";
import { pathIdSchema } from "../../../ids";
import { channelConfigSchema, channelInputSchema, criteriaSchema, idOutput, SEQUENCES_TAG, sequenceNameSchema, throttleSchema } from "./sequence.types";

export const createSequenceMeta = {
  scope: "sequences:write",
  roles: MANAGERS,
  successStatus: 201,
  openapi: {
    method: "POST",
    path: "/sequences",
    tags: [SEQUENCES_TAG],
    summary: "Create a sequence",
    description:
      "Creates a draft; nothing is enqueued until launch. 400 `VALIDATION_ERROR` for an empty or over-long name, a " +
      "channel other than `call`, criteria values outside their enums or ranges, a stage id that is not a pipeline stage " +
      "of the organization, or a malformed throttle (maxPerMinute 1..60, `HH:MM` hours with the end later than the " +
      "start — overnight windows are refused —, an IANA time zone of 1..64 characters, 1..7 distinct ISO weekdays). " +
      "`channelConfig` is an extension (default `{\"dialer\":\"task\"}`).",
  },
} as const satisfies ProcedureMeta;

export const createSequenceInput = z.object({
  name: sequenceNameSchema,
  channel: channelInputSchema.default("call"),
  criteria: criteriaSchema,
  throttle: throttleSchema,
  channelConfig: channelConfigSchema.optional(),
});
export const createSequenceOutput = idOutput.extend({ webhookSecret: z.string().optional().describe("Extension: the webhook dialer's signing secret, only in this answer") });

export const patchSequenceMeta = {
  scope: "sequences:write",
  roles: MANAGERS,
  openapi: {
    method: "PATCH",
    path: "/sequences/{sequenceId}",
    tags: [SEQUENCES_TAG],
    summary: "Edit a draft sequence",
    description:
      "Draft only (400 `BAD_REQUEST` \"Only draft sequences can be edited\"). `criteria` and `throttle` are replaced " +
      "wholesale: send complete objects. The channel cannot change: any `channel` other than `call` answers 400 " +
      "`VALIDATION_ERROR`. 404 `NOT_FOUND` when unknown or in another organization.",
  },
} as const satisfies ProcedureMeta;

export const patchSequenceInput = z.object({
  sequenceId: pathIdSchema("sequence"),
  name: sequenceNameSchema.optional(),
  channel: channelInputSchema.optional(),
  criteria: criteriaSchema.optional(),
  throttle: throttleSchema.optional(),
  channelConfig: channelConfigSchema.optional(),
});
export const patchSequenceOutput = createSequenceOutput;

export const deleteSequenceMeta = {
  scope: "sequences:write",
  roles: MANAGERS,
  openapi: {
    method: "DELETE",
    path: "/sequences/{sequenceId}",
    tags: [SEQUENCES_TAG],
    summary: "Delete a draft sequence",
    description:
      "Draft only (400 `BAD_REQUEST` \"Only draft sequences can be deleted; launched sequences keep their contact " +
      "history\"). 404 `NOT_FOUND` when unknown or in another organization.",
  },
} as const satisfies ProcedureMeta;

export const deleteSequenceInput = z.object({ sequenceId: pathIdSchema("sequence") });
export const deleteSequenceOutput = z.object({ deleted: z.literal(true), id: z.string() });
