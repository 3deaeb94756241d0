import { z } from "zod";
import { ANY_ROLE } from "../../../auth/roles";
import { HOME_PERIODS } from "../../../home/home-period-names";
import type { ProcedureMeta } from "../../trpc";

export const REPORTS_TAG = "Reports";

export const getFirstTouchReportMeta = {
  scope: "leads:read",
  roles: ANY_ROLE,
  openapi: {
    method: "GET",
    path: "/reports/first-touch",
    tags: [REPORTS_TAG],
    summary: "Speed to lead: time to first touch and breach rate (extension)",
    description:
      "Extension, not in the contract. Over the leads that arrived in `period` (the home page's periods, in the " +
      "organization's time zone: `today`, `7d`, `30d`, `quarter`) and had a first-touch deadline: how many were touched " +
      "by their owner, how many still wait, how many missed a deadline at least once (`breachRate` = breached / leads), " +
      "and the time from arrival to the first touch (median and 90th percentile in seconds, touched leads only), in " +
      "total and per current owner (`byRep`; `key` null = unassigned), per source, per round-robin pool and per project " +
      "(`key` null = none), plus a leaderboard of reps by median. Owners and admins (and API keys) see the whole " +
      "organization; a member under `own` lead visibility gets the figures of the leads they see. Each row's leads are " +
      "listed by `GET /leads` with the matching filter (`assignedToId`, `source`, `firstTouch=waiting`).",
  },
} as const satisfies ProcedureMeta;

export const getFirstTouchReportInput = z.object({
  period: z.enum(HOME_PERIODS).default("7d").describe("`today`, `7d`, `30d` or `quarter`, in the organization's time zone"),
});

const figures = {
  leads: z.number().int().describe("Leads of the period with a first-touch deadline"),
  touched: z.number().int().describe("Of those, touched by their owner"),
  waiting: z.number().int().describe("Not touched yet"),
  breached: z.number().int().describe("Missed a deadline at least once"),
  breachRate: z.number().nullable().describe("breached / leads, 0..1; null without leads"),
  medianSeconds: z.number().int().nullable().describe("Median time from arrival to first touch, touched leads only"),
  p90Seconds: z.number().int().nullable().describe("90th percentile of the same"),
};

const rowSchema = z.object({
  key: z.string().nullable().describe("The rep's user id, the source, the pool's id or the project's id; null: none"),
  name: z.string().nullable(),
  ...figures,
});

export const getFirstTouchReportOutput = z.object({
  period: z.enum(HOME_PERIODS),
  total: z.object(figures),
  byRep: z.array(rowSchema),
  bySource: z.array(rowSchema),
  byPool: z.array(rowSchema),
  byProject: z.array(rowSchema),
  leaderboard: z.array(
    z.object({
      rank: z.number().int(),
      userId: z.string(),
      name: z.string().nullable(),
      medianSeconds: z.number().int().nullable(),
      breachRate: z.number().nullable(),
      touched: z.number().int(),
    }),
  ),
});
