import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { ANY_ROLE } from "../../../auth/roles";
import { HOME_PERIODS } from "../../../home/home-period-names";
import { pathIdSchema } from "../../../ids";
import { FUNNEL_STAGES } from "../../../projects/funnel/funnel-stage-names";

export const getProjectFunnelMeta = {
  scope: "leads:read",
  roles: ANY_ROLE,
  openapi: {
    method: "GET",
    path: "/projects/{projectId}/funnel",
    tags: ["Projects"],
    summary: "A project's funnel",
    description:
      "Extension. How many leads reached each stage of the project's funnel in a period, in total, per source and per owner: " +
      "`interested` (leads created in the period that are linked to the project or list it in `interest.projectIds`, plus every " +
      "lead of a later stage), `sheets_opened` (opened a sheet of the project or of one of its units), `visits` (a meeting on the " +
      "lead's timeline, not cancelled, whose start falls in the period, of a lead that is the project's), `reservations` " +
      "(reserved or bought one of its units: a sale counts as reserved too) and `sales` (bought one). Each lead counts once " +
      "per stage; stages after the first count what happened in the period. `period` is one of the home page's periods " +
      "(`today`, `7d`, `30d`, `quarter`, default `7d`), in the organization's time zone. Only the leads the caller sees are " +
      "counted (a member under `own` visibility counts their own). `GET /leads?funnelProjectId=…&funnelStage=…&funnelPeriod=…` " +
      "lists the leads behind each number.",
  },
} as const satisfies ProcedureMeta;

export const getProjectFunnelInput = z.object({
  projectId: pathIdSchema("project"),
  period: z.enum(HOME_PERIODS).default("7d").describe(`Period: ${HOME_PERIODS.join(", ")} (default 7d)`),
});

const count = z.number().int();

export const getProjectFunnelOutput = z.object({
  projectId: z.string(),
  projectName: z.string(),
  period: z.enum(HOME_PERIODS),
  timeZone: z.string().describe("The organization's time zone the period is counted in"),
  stages: z.array(
    z.object({
      stage: z.enum(FUNNEL_STAGES),
      count,
      bySource: z.array(z.object({ source: z.string(), count })),
      byAgent: z.array(z.object({ userId: z.string().nullable().describe("null: unassigned leads"), name: z.string().nullable(), count })),
    }),
  ),
});
