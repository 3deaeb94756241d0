import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";
import { pathIdSchema } from "../../../ids";
import { memberSchema } from "./member.types";

export const getMemberMeta = {
  scope: "members:read",
  openapi: {
    method: "GET",
    path: "/members/{memberId}",
    tags: ["Members"],
    summary: "Get a member",
    description:
      "One member by membership id. 404 `NOT_FOUND` when the id is malformed, unknown or another organization's member.",
  },
} as const satisfies ProcedureMeta;

export const getMemberInput = z.object({ memberId: pathIdSchema("member") });

export const getMemberOutput = memberSchema;
