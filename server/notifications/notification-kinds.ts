/** What a notice is about; each kind names one moment a person should act on a lead. */
export const NOTIFICATION_KINDS = [
  /** A lead was given to you (by a pool's turn, a manager, an escalation); never for taking a lead yourself. */
  "lead_assigned",
  /** Your lead's first-touch deadline runs out in 2 minutes (server/notifications/due-soon-job.ts). */
  "first_touch_due_soon",
  /** A lead's missed first touch was escalated to you, the pool's follower. */
  "first_touch_escalated",
  /** A lead is offered to you to claim, first come first served (server/notifications/claim-offered.ts). */
  "claim_offered",
  /** Your lead opened the personal sheet you sent them (server/notifications/sheet-viewed.ts); once per look, like the timeline entry. */
  "sheet_viewed",
  /** A unit newly matches your lead's interest, in a project whose match sending notifies owners (server/matching/notify-new-matches.ts). */
  "unit_matched",
  /** Someone pressed "I'm interested" on a sheet: the lead's owner, or the organization's owners for a lead no one owns (server/notifications/sheet-interest.ts). */
  "sheet_interest",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How close to a first-touch deadline its owner is warned. */
export const DUE_SOON_MS = 2 * 60_000;
