import { z } from "zod";
import { ANY_ROLE } from "../../../auth/roles";
import type { ProcedureMeta } from "../../trpc";
import { timestampSchema } from "../../schemas/timestamp";
import { CALL_OUTCOMES } from "../../../sequences/sequence-values";

/** Dashboard-only (no REST path): a member's queue of call tasks from sequences. */
export const callQueueMeta = { scope: "sequences:read", roles: ANY_ROLE } as const satisfies ProcedureMeta;
export const callQueueInput = z.object({}).optional();
export const callQueueOutput = z.object({
  data: z.array(
    z.object({
      contactId: z.string(),
      sequenceId: z.string(),
      sequenceName: z.string(),
      leadId: z.string(),
      leadName: z.string(),
      phone: z.string().nullable(),
      company: z.string().nullable(),
      dispatchedAt: timestampSchema,
    }),
  ),
});

export const logCallOutcomeMeta = { scope: "sequences:read", roles: ANY_ROLE } as const satisfies ProcedureMeta;
export const logCallOutcomeInput = z.object({
  contactId: z.uuid(),
  outcome: z.enum(CALL_OUTCOMES),
  note: z.string().max(2000).optional(),
});
export const logCallOutcomeOutput = z.object({ contactId: z.string(), outcome: z.enum(CALL_OUTCOMES) });

/** Dashboard-only: a sequence's contacts (status, dispatched at, outcome) and dispatches per hour. */
export const sequenceContactsMeta = { scope: "sequences:read", roles: ANY_ROLE } as const satisfies ProcedureMeta;
export const sequenceContactsOutput = z.object({
  contacts: z.array(
    z.object({
      id: z.string(),
      leadId: z.string(),
      leadName: z.string().nullable(),
      status: z.string(),
      dispatchAt: timestampSchema.nullable(),
      dispatchedAt: timestampSchema.nullable(),
      outcome: z.string().nullable(),
      reason: z.string().nullable(),
    }),
  ),
  perHour: z.array(z.object({ hour: timestampSchema, count: z.number().int() })),
});
