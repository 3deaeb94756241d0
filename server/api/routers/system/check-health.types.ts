import { z } from "zod";
import type { ProcedureMeta } from "../../trpc";

export const checkHealthMeta = {
  openapi: {
    method: "GET",
    path: "/health",
    protect: false,
    tags: ["Connection"],
    summary: "Liveness and database check",
    description:
      "Anonymous and never rate limited. Answers 200 `{ok: true, ts}` after a database round trip, or 503 `{ok: false}` " +
      "when the database is unreachable. Exposes no version or environment information. Check the body, not only " +
      "the status, and poll at most once a minute.",
  },
} as const satisfies ProcedureMeta;

export const checkHealthInput = z.void();

export const checkHealthOutput = z.object({
  ok: z.boolean().describe("true when the process is alive and the database answered a round trip"),
  ts: z.string().optional().describe("Server time, ISO 8601 UTC with milliseconds; absent when ok is false"),
});
