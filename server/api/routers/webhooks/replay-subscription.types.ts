import { z } from "zod";
import { MANAGERS } from "../../../auth/roles";
import { pathIdSchema } from "../../../ids";
import { REPLAY_BATCH } from "../../../webhooks/replay-events";
import { timestampSchema } from "../../schemas/timestamp";
import type { ProcedureMeta } from "../../trpc";
import { subscriptionIdSchema } from "./subscription.types";

export const replaySubscriptionMeta = {
  scope: "webhooks:manage",
  roles: MANAGERS,
  successStatus: 200,
  openapi: {
    method: "POST",
    path: "/webhooks/subscriptions/{id}/replay",
    tags: ["Webhooks"],
    summary: "Replay a subscription's events",
    description:
      "Delivers again every event of the subscription's type created at or after `since` (at most 30 days back; events from " +
      "before the subscription existed included, so a new subscription can backfill), oldest first. Each is a new delivery " +
      "(a new `X-Service-Delivery`) of the original body, with its original `evt_…` id: deduplicate on the event id. The " +
      "deliveries take the subscription's turn among the organization's endpoints like any other, with the usual retries. " +
      `At most ${REPLAY_BATCH} events per call: when \`hasMore\` is true, call again with \`since\` = \`nextSince\`. ` +
      "400 `BAD_REQUEST` when the subscription is inactive; 404 when missing or in another organization.",
  },
} satisfies ProcedureMeta;

export const replaySubscriptionInput = z.object({
  id: pathIdSchema("subscription"),
  since: z.iso.datetime({ offset: true }).describe("Replay events created at or after this time (ISO 8601)"),
});

export const replaySubscriptionOutput = z.object({
  id: subscriptionIdSchema,
  replayed: z.number().int().describe("Events queued for delivery again"),
  hasMore: z.boolean().describe(`True when more than ${REPLAY_BATCH} events matched; continue from \`nextSince\``),
  nextSince: timestampSchema.nullable().describe("Where to continue when `hasMore`; null otherwise"),
});
