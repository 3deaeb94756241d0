import { z } from "zod";

/**
 * A validation failure on one field found by a rule the schema cannot see
 * (an email already taken). Thrown as a zod error, it reaches the client as
 * 400 VALIDATION_ERROR with `data.fieldErrors[path]`, like any schema failure.
 */
export function fieldError(path: string, message: string): z.ZodError {
  // ZodRealError is the Error subclass `parse` throws; a plain ZodError is not an Error instance.
  return new z.ZodRealError([{ code: "custom", path: [path], message, input: undefined }]);
}
