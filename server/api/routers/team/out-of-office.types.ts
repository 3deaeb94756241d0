import { z } from "zod";

const localDate = z.iso.date().nullable();

export const getOutOfOfficeInput = z.object({
  userId: z.string().optional().describe("The member's user id (one's own, or anyone's for owners and admins); omitted: the caller's"),
});
export const setOutOfOfficeInput = getOutOfOfficeInput
  .extend({
    from: localDate.describe("First day away (YYYY-MM-DD, organization's time zone), inclusive; null: none"),
    until: localDate.describe("Last day away, inclusive; null with a start: until further notice"),
  })
  .superRefine((value, ctx) => {
    if (value.from && value.until && value.until < value.from) ctx.addIssue({ code: "custom", path: ["until"], message: "validation.untilAfterFrom" });
    if (!value.from && value.until) ctx.addIssue({ code: "custom", path: ["from"], message: "validation.required" });
  });
export const outOfOfficeOutput = z.object({ userId: z.string(), from: z.string().nullable(), until: z.string().nullable() });
