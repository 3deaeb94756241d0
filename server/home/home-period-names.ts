/** The periods the home page offers (no server imports: the dashboard's client code reads this file too). */
export const HOME_PERIODS = ["today", "7d", "30d", "quarter"] as const;
export type HomePeriod = (typeof HOME_PERIODS)[number];
