/** The sequences' jobs, named where writers can queue work for them without importing the jobs themselves. */
export const DISPATCH_SEQUENCE_CONTACT_JOB_ID = "dispatch-sequence-contact";
export const PLAN_SEQUENCE_SLOTS_JOB_ID = "plan-sequence-slots";
