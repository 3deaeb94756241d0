import { z } from "zod";
import { protectedProcedure } from "../../../trpc";
import { listLeadImports } from "../../../../leads/imports/list-lead-imports";
import { leadImportReadMeta, listLeadImportsOutput } from "./lead-import.types";

/** The caller's recent imports, newest first (the Import page's history). */
export const listLeadImportsProcedure = protectedProcedure
  .meta(leadImportReadMeta)
  .input(z.void())
  .output(listLeadImportsOutput)
  .query(async ({ ctx }) => ({ data: await listLeadImports(ctx) }));
