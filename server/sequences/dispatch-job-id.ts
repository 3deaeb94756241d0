export const DISPATCH_SEQUENCE_CONTACT_JOB_ID = "dispatch-sequence-contact";
