import { z } from "zod";
import { jsonBoolean, jsonNumber } from "../../schemas/json-fields";
import { timestampSchema } from "../../schemas/timestamp";
import {
  ASSIGNMENT_SOURCES,
  CONNECTION_MATCH_FIELDS,
  CONNECTION_PROVIDERS,
  CONNECTION_SOURCES,
  POOL_DISTRIBUTIONS,
  ROTATION_LIMITS as R,
  ROUND_ROBIN_LIMITS as L,
} from "../../../round-robin/round-robin-values";

/** Wire schemas shared by the round-robin procedures. Dates leave the domain as ISO strings (`toWire`). */

type Wire<T> = T extends Date ? string : T extends (infer U)[] ? Wire<U>[] : T extends object ? { [K in keyof T]: Wire<T[K]> } : T;

/** Turns every Date of a domain result into the contract's timestamp string. */
export function toWire<T>(value: T): Wire<T> {
  if (value instanceof Date) return value.toISOString() as Wire<T>;
  if (Array.isArray(value)) return value.map(toWire) as Wire<T>;
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toWire(v)])) as Wire<T>;
  }
  return value as Wire<T>;
}

const connectionText = (what: string) =>
  z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(L.connectionField, `at most ${L.connectionField} characters`)
    .nullish()
    .describe(`${what}; 1..${L.connectionField} characters`);

/** The fields of a connection as a request names them. */
export const connectionInputFields = {
  source: z
    .enum(CONNECTION_SOURCES)
    .default("webhook")
    .describe("webhook (default), adplatform, automation or workflow. See the routing rules in the pool create description"),
  provider: z.enum(CONNECTION_PROVIDERS).nullish().describe("Automation provider; required when source is automation"),
  sourceKey: connectionText("Free-form key of a custom origin, matched against the lead's `sourceKey`"),
  adplatformPageId: connectionText("Ad-platform page id"),
  adplatformFormId: connectionText("Ad-platform form id"),
  adplatformAdId: connectionText("Ad-platform ad id"),
  adplatformCampaignId: connectionText("Ad-platform campaign id"),
  utmCampaign: connectionText("utm_campaign of the lead"),
  workflowId: connectionText("Workflow id; required when source is workflow"),
  isActive: jsonBoolean().optional().describe("Default true; an inactive connection routes nothing"),
};

type ConnectionLike = { source?: string; provider?: string | null; workflowId?: string | null };

/** Connection rule 1: automation needs a provider, workflow a workflowId (400 VALIDATION_ERROR). */
export function checkConnectionRules(value: ConnectionLike, ctx: z.RefinementCtx, path: (string | number)[] = []) {
  if (value.source === "automation" && !value.provider) {
    ctx.addIssue({ code: "custom", path: [...path, "provider"], message: "validation.providerRequired" });
  }
  if (value.source === "workflow" && !value.workflowId) {
    ctx.addIssue({ code: "custom", path: [...path, "workflowId"], message: "validation.workflowRequired" });
  }
}

export const connectionInputSchema = z
  .object(connectionInputFields)
  .superRefine((value, ctx) => checkConnectionRules(value, ctx))
  .describe("A connection: routes leads of one origin to the pool");

const goal = (what: string) =>
  jsonNumber(z.number().int("must be a whole number").min(0, "must be zero or more").max(1_000_000))
    .nullish()
    .describe(`${what}; an integer of at least 0; null clears it`);

/** The pool body fields shared by create and patch (create makes `name` and `participantIds` required). */
export const poolBodyFields = {
  name: z.string().trim().min(1, "must not be empty").max(L.name, `at most ${L.name} characters`).describe(`Pool name, 1..${L.name} characters`),
  participantIds: z
    .array(z.uuid())
    .min(1, "validation.atLeastOneMember")
    .max(L.participants, `at most ${L.participants} participants`)
    .describe("Members' user ids; the array order is the rotation order; each once; each a member of the organization"),
  followerUserId: z.uuid().nullish().describe("A member who follows the pool (daily digest); null clears it"),
  goalTotalDeals: goal("Goal of total deals"),
  goalWonDeals: goal("Goal of won deals"),
  isActive: jsonBoolean().optional().describe("Only active pools assign leads; default true"),
  assignInboundLeads: jsonBoolean().optional().describe("Route arriving leads through this pool; default true"),
  assignManualLeads: jsonBoolean().optional().describe("Route `POST /round-robin/assign` with source manual through this pool; default false"),
  emailNotificationsEnabled: jsonBoolean().optional().describe("Email the assignee on each assignment; default false"),
  participantSettings: z
    .array(
      z
        .object({
          userId: z.uuid().describe("A participant of the pool (after this request)"),
          weight: jsonNumber(z.number().int("must be a whole number").min(R.weightMin).max(R.weightMax))
            .optional()
            .describe(`Share of the rotation, ${R.weightMin}..${R.weightMax}; default 1. A weight of 3 gets three leads for each one of a weight of 1`),
          dailyCap: jsonNumber(z.number().int("must be a whole number").min(1).max(R.dailyCapMax))
            .nullish()
            .describe(`Most leads the pool gives this participant per day (local day in the organization's time zone), 1..${R.dailyCapMax}; null: no cap`),
        })
        .strict(),
    )
    .max(L.participants)
    .optional()
    .describe(
      "Extension: weights and daily caps of participants, by user id; participants not named keep theirs (new ones: weight 1, no cap). Naming any restarts the weighted rotation (running weights to zero, pointer on the first participant)",
    ),
  distribution: z
    .enum(POOL_DISTRIBUTIONS)
    .optional()
    .describe(
      "Extension: `rotation` (default) gives each lead to the next eligible participant; `first_to_claim` offers it to every eligible participant at once (POST /leads/{leadId}/claim, first wins) and the rotation assigns it if nobody claims it within `claimWindowMinutes`",
    ),
  claimWindowMinutes: jsonNumber(z.number().int("must be a whole number").min(R.claimWindowMin).max(R.claimWindowMax))
    .optional()
    .describe(`Extension: minutes a first-to-claim offer stays open, ${R.claimWindowMin}..${R.claimWindowMax}; default 5`),
  connections: z
    .array(connectionInputSchema)
    .max(L.connections, `at most ${L.connections} connections`)
    .optional()
    .describe("Connections routing leads to this pool; default none (a pool without connections is the catch-all)"),
};

export const poolSchema = z.object({
  id: z.string().describe("Pool id (uuid)"),
  organizationId: z.string(),
  name: z.string(),
  isActive: z.boolean(),
  assignInboundLeads: z.boolean(),
  assignManualLeads: z.boolean(),
  emailNotificationsEnabled: z.boolean(),
  followerUserId: z.string().nullable(),
  goalTotalDeals: z.number().int().nullable(),
  goalWonDeals: z.number().int().nullable(),
  nextParticipantOrder: z.number().int().describe("Order value of the participant who gets the next lead"),
  createdBy: z.string().nullable().describe("User id of the member who created it; null when created with an API key"),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

export const poolListItemSchema = poolSchema.extend({
  createdByName: z.string().nullable(),
  followerName: z.string().nullable(),
  participantCount: z.number().int().describe("Active participants"),
  assignmentCount: z.number().int(),
  lastAssignmentAt: timestampSchema.nullable(),
});

export const participantSchema = z.object({
  id: z.string(),
  roundRobinId: z.string(),
  organizationId: z.string(),
  userId: z.string(),
  order: z.number().int().describe("Rotation order, 1-based"),
  isActive: z.boolean().describe("False while paused: skipped by the rotation"),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  user: z.object({ id: z.string(), name: z.string(), email: z.string(), image: z.string().nullable() }),
});

export const connectionSchema = z.object({
  id: z.string(),
  roundRobinId: z.string(),
  organizationId: z.string(),
  isActive: z.boolean(),
  source: z.enum(CONNECTION_SOURCES),
  provider: z.enum(CONNECTION_PROVIDERS).nullable(),
  ...Object.fromEntries(CONNECTION_MATCH_FIELDS.map((f) => [f, z.string().nullable()])) as Record<
    (typeof CONNECTION_MATCH_FIELDS)[number],
    z.ZodNullable<z.ZodString>
  >,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

export const poolDetailSchema = poolSchema.extend({
  participants: z.array(participantSchema),
  connections: z.array(connectionSchema),
  settings: poolSchema.pick({
    id: true,
    name: true,
    isActive: true,
    assignInboundLeads: true,
    assignManualLeads: true,
    emailNotificationsEnabled: true,
    followerUserId: true,
    goalTotalDeals: true,
    goalWonDeals: true,
  }),
  distributionSettings: z
    .object({
      distribution: z.enum(POOL_DISTRIBUTIONS).describe("rotation or first_to_claim"),
      claimWindowMinutes: z.number().int().describe("Minutes a first-to-claim offer stays open"),
      participants: z.array(
        z.object({
          userId: z.string(),
          weight: z.number().int().describe("Share of the weighted rotation, 1..10"),
          dailyCap: z.number().int().nullable().describe("Most leads per local day from this pool; null: no cap"),
        }),
      ),
    })
    .describe("Extension: how the pool hands out leads, and each participant's weight and daily cap (rotation order as `participants`)"),
  stats: z.object({
    totalAssignments: z.number().int(),
    lastAssignmentAt: timestampSchema.nullable(),
    participantAssignments: z.array(
      z.object({ assignedUserId: z.string(), assignmentCount: z.number().int(), lastAssignedAt: timestampSchema.nullable() }),
    ),
  }),
});

export const assignmentSchema = z.object({
  id: z.string(),
  leadId: z.string(),
  assignedUserId: z.string(),
  source: z.enum(ASSIGNMENT_SOURCES),
  turnOrder: z.number().int().describe("The participant's order value at assignment time"),
  metadata: z.string().nullable().describe("JSON text: how the lead reached the pool (reason, connection, matched fields, pointer)"),
  createdAt: timestampSchema,
  leadName: z
    .string()
    .nullable()
    .describe("Extension, not in the contract: the lead's first and last name, else its email or phone; null when it has none"),
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
});
