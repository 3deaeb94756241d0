import { z } from "zod";

/** `cursor` of a list that pages by keyset (an extension beside the contract's `offset`). */
export const cursorSchema = z
  .string()
  .min(1)
  .max(500)
  .optional()
  .describe(
    "Opaque position from `pagination.nextCursor` of a previous page of this list: the next page starts right after the last " +
      "record of that page, whatever was inserted or deleted meanwhile. Not combinable with `offset`.",
  );

/** `pagination.nextCursor`, added beside the contract's pagination fields. */
export const nextCursorSchema = z
  .string()
  .nullable()
  .describe("Pass as `cursor` to get the next page; null when there is none");
