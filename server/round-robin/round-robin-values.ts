/**
 * The closed vocabularies and bounds of round-robin pools. They mirror the
 * Prisma enums (the database refuses anything else) and the spec's limits.
 */
export const CONNECTION_SOURCES = ["webhook", "adplatform", "automation", "workflow"] as const;
export type ConnectionSource = (typeof CONNECTION_SOURCES)[number];

export const CONNECTION_PROVIDERS = ["custom", "platform_a", "platform_b", "platform_c"] as const;
export type ConnectionProvider = (typeof CONNECTION_PROVIDERS)[number];

export const ASSIGNMENT_SOURCES = ["manual", "adplatform", "webhook", "messaging_app", "system"] as const;
export type AssignmentSource = (typeof ASSIGNMENT_SOURCES)[number];

/** The optional string fields of a connection that narrow which leads it matches. */
export const CONNECTION_MATCH_FIELDS = [
  "sourceKey",
  "adplatformPageId",
  "adplatformFormId",
  "adplatformAdId",
  "adplatformCampaignId",
  "utmCampaign",
  "workflowId",
] as const;
export type ConnectionMatchField = (typeof CONNECTION_MATCH_FIELDS)[number];

export const ROUND_ROBIN_LIMITS = {
  name: 200,
  connectionField: 200,
  /** Participants in one pool: a team, not a company. */
  participants: 100,
  /** Connections in one pool. */
  connections: 100,
} as const;

/** How a pool hands out a lead: to the next participant, or offered to every eligible one, first to claim wins. */
export const POOL_DISTRIBUTIONS = ["rotation", "first_to_claim"] as const;
export type PoolDistribution = (typeof POOL_DISTRIBUTIONS)[number];

/** Bounds of the weighted rotation and of first-to-claim offers. */
export const ROTATION_LIMITS = { weightMin: 1, weightMax: 10, dailyCapMax: 1000, claimWindowMin: 1, claimWindowMax: 1440, simulateMax: 100 } as const;

export const POOL_STATUS_FILTERS = ["all", "active", "inactive"] as const;
