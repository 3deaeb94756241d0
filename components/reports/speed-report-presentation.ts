import type { inferRouterOutputs } from "@trpc/server";
import { formatNumber } from "~/lib/format/numbers";
import type { AppRouter } from "~/server/api/root";

type Outputs = inferRouterOutputs<AppRouter>;
export type FirstTouchReport = Outputs["reports"]["firstTouch"];
export type FirstTouchRow = FirstTouchReport["byRep"][number];
export type FirstTouchFigures = FirstTouchReport["total"];

/** Breach rate (0..1) as a whole percentage; a dash without leads. */
export function formatRate(rate: number | null, locale: "en" | "es"): string {
  if (rate === null) return "—";
  return `${formatNumber(Math.round(rate * 100), locale)} %`;
}

/** The lead-list filters behind one row of the report; null for "none" rows of sources, pools and projects (no list filter for them). */
export type RowFilter = { assignee: string } | { source: string } | { pool: string } | { project: string } | null;
