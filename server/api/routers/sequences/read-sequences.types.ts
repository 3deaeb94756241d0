import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { pathIdSchema } from "../../../ids";
import { SEQUENCE_STATUSES } from "../../../sequences/sequence-values";
import { criteriaSchema, SEQUENCES_TAG, sequenceSchema } from "./sequence.types";

export const listSequencesMeta = {
  scope: "sequences:read",
  openapi: {
    method: "GET",
    path: "/sequences",
    tags: [SEQUENCES_TAG],
    summary: "List sequences",
    description:
      "Every sequence of the organization, newest first, not paginated, each with its `progress`. `status` filters by " +
      "draft, running, paused or completed; any other value answers 400 `VALIDATION_ERROR`.",
  },
} as const satisfies ProcedureMeta;

export const listSequencesInput = z.object({
  status: z.enum(SEQUENCE_STATUSES).optional().describe("draft, running, paused or completed"),
});
export const listSequencesOutput = z.object({ data: z.array(sequenceSchema) });

export const getSequenceMeta = {
  scope: "sequences:read",
  openapi: {
    method: "GET",
    path: "/sequences/{sequenceId}",
    tags: [SEQUENCES_TAG],
    summary: "Get a sequence",
    description: "The same shape as a list item. 404 `NOT_FOUND` when unknown or in another organization.",
  },
} as const satisfies ProcedureMeta;

export const sequenceIdInput = z.object({ sequenceId: pathIdSchema("sequence") });
export const getSequenceOutput = sequenceSchema;

export const previewAudienceMeta = {
  scope: "sequences:read",
  openapi: {
    method: "POST",
    path: "/sequences/preview-audience",
    tags: [SEQUENCES_TAG],
    summary: "Count a sequence audience",
    description:
      "How many leads the criteria would enrol now: leads of the organization matching every criterion that can be " +
      "called (a non-empty phone, not marked `doNotCall`). Creates and launches nothing. The count is exact (not capped).",
  },
} as const satisfies ProcedureMeta;

export const previewAudienceInput = z.object({ criteria: criteriaSchema });
export const previewAudienceOutput = z.object({ count: z.number().int() });
