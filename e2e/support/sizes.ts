/**
 * Which specs run at which size (playwright.config.ts) and where the tablet's
 * screenshots come from (e2e/support/dashboard.ts `screenshot`).
 *
 * Every spec but the page tour runs on the desktop. The phone runs the
 * journeys below. The tablet runs the page tour and the journeys whose
 * screens at 768 px are not the phone's: those that open the phone's top bar
 * (its menu sheet, its bell's panel), which the tablet replaces with the
 * sidebar. For every other phone journey the tablet's layout is the phone's
 * cards (the one media query the app reads in script, `(width < 64rem)`, is
 * true at both) with the desktop's sidebar, both of which the other runs
 * drive, so the phone's run takes the tablet's screenshots at 768×1024 as it
 * goes instead of running the journey a third time.
 */
export const PHONE_SPECS = [
  "field-agent.spec.ts",
  "page-tour.spec.ts",
  "member-access.spec.ts",
  "unmatched-conversations.spec.ts",
  "lead-visibility.spec.ts",
  "first-touch.spec.ts",
  "match-sending.spec.ts",
  "notifications.spec.ts",
  "lead-merge.spec.ts",
  "instant-reply.spec.ts",
  "unit-sheets.spec.ts",
  "project-funnel.spec.ts",
  "lead-intake.spec.ts",
  "claim-lead.spec.ts",
];

/** Run whole on the tablet too: the phone's top bar is part of the journey. */
export const TABLET_SPECS = ["page-tour.spec.ts", "field-agent.spec.ts", "notifications.spec.ts", "claim-lead.spec.ts"];

export const PHONE_VIEWPORT = { width: 390, height: 844 };
export const TABLET_VIEWPORT = { width: 768, height: 1024 };

/** Whether a phone run of `specFile` also takes the tablet's screenshots. */
export function phoneTakesTabletScreenshots(specFile: string): boolean {
  return PHONE_SPECS.includes(specFile) && !TABLET_SPECS.includes(specFile);
}
