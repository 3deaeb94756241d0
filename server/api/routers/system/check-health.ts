import { publicProcedure } from "../../trpc";
import { checkDatabase } from "../../../system/check-database";
import { checkHealthInput, checkHealthMeta, checkHealthOutput } from "./check-health.types";

export const checkHealthProcedure = publicProcedure
  .meta(checkHealthMeta)
  .input(checkHealthInput)
  .output(checkHealthOutput)
  .query(async ({ ctx }) => {
    if (await checkDatabase(ctx.db)) return { ok: true, ts: new Date().toISOString() };
    ctx.response.status = 503;
    return { ok: false };
  });
