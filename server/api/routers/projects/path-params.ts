import { z } from "zod";

/**
 * Path ids are plain strings here on purpose: an id of the wrong shape answers
 * 404 NOT_FOUND like an unknown one (checked in the domain), not 400.
 */
export const projectIdParam = z
  .string()
  .describe("Prefixed project id (`prj_…`). Unknown, malformed or another organization's ids answer 404 NOT_FOUND");

export const unitIdParam = z
  .string()
  .describe("Prefixed unit id (`unit_…`) of a unit of this project. Otherwise 404 NOT_FOUND");
