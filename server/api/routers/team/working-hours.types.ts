import { z } from "zod";
import { workingHoursSchema } from "../../../leads/first-touch/working-hours";

export const getWorkingHoursInput = z.object({
  userId: z.string().optional().describe("The member's user id (one's own, or anyone's for owners and admins); omitted: the caller's"),
});
export const setWorkingHoursInput = getWorkingHoursInput.extend({
  workingHours: workingHoursSchema.nullable().describe("The member's hours; null: the organization's business hours"),
});
export const workingHoursOutput = z.object({
  userId: z.string(),
  own: workingHoursSchema.nullable().describe("The member's own hours; null: they work the organization's"),
  organization: workingHoursSchema.nullable().describe("The organization's business hours; null: none"),
});
