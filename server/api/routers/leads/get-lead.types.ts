import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { pathIdSchema } from "../../../ids";
import { leadSchema } from "./lead.types";

export const getLeadMeta: ProcedureMeta = {
  scope: "leads:read",
  openapi: {
    method: "GET",
    path: "/leads/{leadId}",
    tags: ["Leads"],
    summary: "Get a lead",
    description: "The lead, in the same shape as a list item. 404 `NOT_FOUND` when missing or in another organization.",
  },
};

export const getLeadInput = z.object({ leadId: pathIdSchema("lead") });
export const getLeadOutput = leadSchema;
