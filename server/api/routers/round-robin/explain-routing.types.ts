import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { pathIdSchema } from "../../../ids";

export const explainRoutingMeta = {
  scope: "round-robin:read",
  openapi: {
    method: "POST",
    path: "/round-robin/{roundRobinId}/explain",
    tags: ["Round robin"],
    summary: "Explain how a lead would be routed (extension)",
    description:
      "Extension beyond the spec, assigns nothing and moves no pointer: for a lead body (`source`, `customFields`, " +
      "`sourceMetadata`; other lead fields are ignored) answers the `origin` routing reads, `routedTo` (the pool an " +
      "arriving lead would go to, why — `reason`, `connectionId`, `matchedFields`, `specificity` — and the participant " +
      "next in line, or null when it would stay unassigned), and `thisPool` (whether it is that pool, and who in this " +
      "pool is next). A concurrent arrival may take the turn first. 404 `NOT_FOUND` for a missing or foreign pool.",
  },
} as const satisfies ProcedureMeta;

const anyMap = z.record(z.string().max(100), z.unknown()).nullish();

export const explainRoutingInput = z.object({
  roundRobinId: pathIdSchema("pool"),
  source: z.string().trim().max(100).optional().describe("The lead's source, as sent to POST /leads"),
  customFields: anyMap.describe("The lead's customFields (origin keys such as utm_campaign, adplatformFormId, provider)"),
  sourceMetadata: anyMap.describe("Origin keys as the service's own intake paths set them"),
});

const participant = z.object({ userId: z.string(), name: z.string().nullable(), order: z.number().int() }).nullable();

export const explainRoutingOutput = z.object({
  origin: z.record(z.string(), z.string().nullable()),
  routedTo: z
    .object({
      roundRobinId: z.string(),
      reason: z.string(),
      connectionId: z.string().optional(),
      connectionSource: z.string().optional(),
      matchedFields: z.array(z.string()).optional(),
      specificity: z.number().int().optional(),
      participant,
      skipped: z.array(z.object({ userId: z.string(), order: z.number().int(), reason: z.string() })),
    })
    .nullable(),
  thisPool: z.object({ roundRobinId: z.string(), wouldReceive: z.boolean(), nextParticipant: participant }),
});
