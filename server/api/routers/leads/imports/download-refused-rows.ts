import { protectedProcedure } from "../../../trpc";
import { refusedRowsCsv } from "../../../../leads/imports/refused-rows-csv";
import { refusedRowsInput, refusedRowsMeta, refusedRowsOutput } from "./lead-import.types";

/** The refused rows of an import as CSV, each with its reason in the reader's language (default: the organization's). */
export const downloadRefusedRowsProcedure = protectedProcedure
  .meta(refusedRowsMeta)
  .input(refusedRowsInput)
  .output(refusedRowsOutput)
  .query(async ({ ctx, input }) => {
    const locale = input.locale ?? ctx.principal.organization.locale;
    // Checked before the first byte: an unknown import is the usual 404 envelope, not a cut download.
    const pieces = refusedRowsCsv(ctx, input.importId, locale);
    const first = await pieces.next();
    return (async function* () {
      if (!first.done) yield first.value;
      yield* pieces;
    })();
  });
