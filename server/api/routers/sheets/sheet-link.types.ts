import { z } from "zod";
import { idSchema } from "../../../ids";
import { timestampSchema } from "../../schemas/timestamp";

/** A sheet link as the API shows it (extension). */
export const sheetLinkSchema = z.object({
  id: z.string().describe("Sheet link id (uuid)"),
  projectId: z.string().describe("The project whose sheet (or whose unit's sheet) the link opens"),
  unitId: z.string().nullable().describe("The unit whose sheet the link opens; null for the project's sheet"),
  leadId: z
    .string()
    .nullable()
    .describe("The lead a personal link was made for (its opens and \"I'm interested\" land on its timeline); null for a link anyone may be given, or a lead the caller does not see"),
  leadName: z.string().nullable().describe("That lead's name, under the same rule"),
  url: z
    .string()
    .describe(
      "The public sheet, `<origin>/s/<token>`: whoever holds it can open the sheet, so share it only with its recipient. The token is " +
        "256 random bits, stored only hashed and sealed",
    ),
  views: z.number().int().describe("How many times the sheet was opened through this link (messaging apps' link previews are not counted)"),
  lastViewedAt: timestampSchema.nullable(),
  interestedAt: timestampSchema.nullable().describe("When \"I'm interested\" was pressed on a personal link; null until then"),
  createdAt: timestampSchema,
});

export const optionalUnitIdSchema = idSchema("unit").nullish().describe("The unit whose sheet to link; omitted or null: the project's sheet");
