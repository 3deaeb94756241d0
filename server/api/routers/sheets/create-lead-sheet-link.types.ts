import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { idSchema, pathIdSchema } from "../../../ids";
import { optionalUnitIdSchema, sheetLinkSchema } from "./sheet-link.types";

export const createLeadSheetLinkMeta = {
  scope: "leads:write",
  successStatus: 201,
  openapi: {
    method: "POST",
    path: "/leads/{leadId}/sheet-links",
    tags: ["Leads"],
    summary: "Create a lead's personal sheet link",
    description:
      "Extension. The lead's personal link to the sheet of a unit (`unitId`) or of a project (see `POST " +
      "/projects/{projectId}/sheet-links` for the sheet). Opening it writes \"Viewed the sheet of unit …\" on the lead's " +
      "timeline (type `unit_sheet_viewed`; repeated opens within 30 minutes are counted on the link but logged once; messaging " +
      "apps' link previews are neither) and tells the lead's owner. Its \"I'm interested\" button logs an inbound communication " +
      "(`social_message`) and adds the project to the lead's `interest.projectIds` and notifies its owner (`sheet_interest`), once per link. Asking again for the same " +
      "lead and sheet returns the live link (201 either way). Send it to the lead yourself; nothing is sent by this call. " +
      "404 `NOT_FOUND` for a lead the caller does not see, or naming the project or the unit.",
  },
} as const satisfies ProcedureMeta;

export const createLeadSheetLinkInput = z.object({
  leadId: pathIdSchema("lead"),
  projectId: idSchema("project").describe("The project whose sheet (or whose unit's sheet) to link"),
  unitId: optionalUnitIdSchema,
});

export const createLeadSheetLinkOutput = sheetLinkSchema;
