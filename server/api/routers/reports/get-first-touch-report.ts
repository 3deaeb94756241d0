import { firstTouchReport } from "../../../reports/first-touch-report";
import { protectedProcedure } from "../../trpc";
import { getFirstTouchReportInput, getFirstTouchReportMeta, getFirstTouchReportOutput } from "./get-first-touch-report.types";

export const getFirstTouchReportProcedure = protectedProcedure
  .meta(getFirstTouchReportMeta)
  .input(getFirstTouchReportInput)
  .output(getFirstTouchReportOutput)
  .query(({ ctx, input }) => firstTouchReport(ctx, input));
