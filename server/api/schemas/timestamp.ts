import { z } from "zod";

/** Every timestamp on the wire: ISO 8601, UTC, with milliseconds (`Date.toISOString()`). */
export const timestampSchema = z.string().describe("ISO 8601 UTC timestamp with milliseconds");
