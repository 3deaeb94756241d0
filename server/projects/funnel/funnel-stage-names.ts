/** The stages of a project's funnel, in order (no server imports: the dashboard's client code reads this file too). */
export const FUNNEL_STAGES = ["interested", "sheets_opened", "visits", "reservations", "sales"] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];
