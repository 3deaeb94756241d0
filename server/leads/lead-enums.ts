/**
 * The closed vocabularies of leads. They mirror the Prisma enums (the database
 * refuses anything else) and are published in the OpenAPI descriptions, since
 * the contract shows only part of each.
 */
export const LEAD_STATUSES = [
  "new",
  "contacted",
  "qualified",
  "proposal",
  "negotiation",
  "won",
  "lost",
  "unqualified",
] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** The lead source catalog (GET /lead-sources), in the contract's order. */
export const LEAD_SOURCES = [
  "website",
  "referral",
  "social_media",
  "advertising",
  "bot_cold_outreach",
  "cold_call",
  "email",
  "event",
  "adplatform",
  "landing_page",
  "messaging_app",
  "other",
] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export const LEAD_TEMPERATURES = ["cold", "warm", "hot"] as const;
export type LeadTemperature = (typeof LEAD_TEMPERATURES)[number];

/** Communications an agent logs by hand; each is also an activity type. */
export const COMMUNICATION_TYPES = ["call", "email", "meeting", "social_message"] as const;
export type CommunicationType = (typeof COMMUNICATION_TYPES)[number];

export const COMMUNICATION_DIRECTIONS = ["inbound", "outbound"] as const;
export type CommunicationDirection = (typeof COMMUNICATION_DIRECTIONS)[number];

/** Changes the service records by itself on the timeline (scope `system`). */
export const SYSTEM_ACTIVITY_TYPES = [
  "created",
  "updated",
  "status_changed",
  "stage_changed",
  "assigned",
  "unassigned",
  "first_touch_breached",
  "unit_sheet_viewed",
  "unit_sent",
  "instant_reply_not_sent",
] as const;
export type SystemActivityType = (typeof SYSTEM_ACTIVITY_TYPES)[number];

export const LEAD_ACTIVITY_TYPES = ["note", ...COMMUNICATION_TYPES, ...SYSTEM_ACTIVITY_TYPES] as const;
export type LeadActivityType = (typeof LEAD_ACTIVITY_TYPES)[number];

/**
 * `lead_event`: what happened with the lead (notes and communications);
 * `system`: changes the service recorded (created, updated, status, stage,
 * assignment).
 */
export const LEAD_ACTIVITY_SCOPES = ["lead_event", "system"] as const;
export type LeadActivityScope = (typeof LEAD_ACTIVITY_SCOPES)[number];

export function isLeadSource(value: string): value is LeadSource {
  return (LEAD_SOURCES as readonly string[]).includes(value);
}
