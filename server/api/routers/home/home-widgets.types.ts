import { z } from "zod";
import { HOME_PERIODS } from "../../../home/home-period-names";

/** Dashboard-only reads of the home page (no REST path): one per widget, each one request. */
export const homeWindowInput = z.object({ period: z.enum(HOME_PERIODS).default("7d") });

const amount = z.object({ count: z.number().int(), estimatedValue: z.number() });

export const myAttentionOutput = z.object({
  total: z.number().int(),
  leads: z.array(z.object({ id: z.string(), name: z.string(), source: z.string(), createdAt: z.string() })),
});

export const newLeadsBySourceOutput = z.object({
  timeZone: z.string(),
  sources: z.array(z.string()),
  days: z.array(z.object({ date: z.string(), counts: z.record(z.string(), z.number().int()), total: z.number().int() })),
});

export const pipelineFunnelOutput = z.object({
  stages: z.array(
    z.object({ stageId: z.string(), name: z.string(), color: z.string(), kind: z.string(), count: z.number().int(), estimatedValue: z.number() }),
  ),
  withoutStage: amount,
});

export const wonLostOutput = z.object({ won: amount, lost: amount });

export const leadsPerMemberOutput = z.array(z.object({ userId: z.string().nullable(), name: z.string().nullable(), count: z.number().int() }));

export const assignmentsByPoolOutput = z.array(
  z.object({
    poolId: z.string(),
    name: z.string(),
    total: z.number().int(),
    members: z.array(z.object({ userId: z.string(), name: z.string().nullable(), count: z.number().int() })),
  }),
);

export const responseTimeOutput = z.array(
  z.object({
    userId: z.string().nullable(),
    name: z.string().nullable(),
    answered: z.number().int(),
    waiting: z.number().int(),
    medianSeconds: z.number().int().nullable(),
    p90Seconds: z.number().int().nullable(),
  }),
);

export const myCallsOutput = z.object({
  total: z.number().int(),
  calls: z.array(z.object({ contactId: z.string(), sequenceName: z.string(), leadId: z.string(), leadName: z.string(), dispatchedAt: z.string() })),
});

export const myMeetingsOutput = z.object({
  state: z.enum(["ok", "not_configured", "not_connected", "reconnect"]),
  timeZone: z.string(),
  today: z.string(),
  tomorrow: z.string(),
  events: z.array(
    z.object({ id: z.string(), title: z.string(), start: z.string(), end: z.string(), allDay: z.boolean(), htmlLink: z.string().optional() }),
  ),
});
