import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { pathIdSchema } from "../../../ids";
import { optionalUnitIdSchema, sheetLinkSchema } from "./sheet-link.types";

export const createSheetLinkMeta = {
  scope: "projects:write",
  successStatus: 201,
  openapi: {
    method: "POST",
    path: "/projects/{projectId}/sheet-links",
    tags: ["Projects"],
    summary: "Create a public sheet link",
    description:
      "Extension. A new public, unguessable, revocable link to the mobile sheet of a unit (`unitId`) or of the project: its name, " +
      "price in the project's currency, area, bedrooms, photo (https only), address with a map link and the organization's " +
      "WhatsApp. The sheet shows nothing else of the organization, needs no sign-in, works without JavaScript, is rate limited " +
      "(per address and per link: 429 page) and answers a 404 page once revoked. Opens are counted on the link. Its \"I'm " +
      "interested\" form asks the visitor's name and a phone or an e-mail: the lead with that e-mail or phone is found, or " +
      "created (source `other`, `sourceMetadata.providedSource` `sheet`, routed like any new lead), and gets an inbound " +
      "communication and the project in its interest; its owner (the organization's owners for a lead nobody owns) is " +
      "notified. A link for one " +
      "lead (whose opens and \"I'm interested\" reach its timeline) is made with `POST /leads/{leadId}/sheet-links`. 404 " +
      "`NOT_FOUND` naming the project or the unit.",
  },
} as const satisfies ProcedureMeta;

export const createSheetLinkInput = z.object({ projectId: pathIdSchema("project"), unitId: optionalUnitIdSchema });

export const createSheetLinkOutput = sheetLinkSchema;
