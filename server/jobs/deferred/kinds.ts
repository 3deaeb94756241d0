import type { AnyDeferredJobKind } from "./deferred-job";
import { fetchAdLeadJob } from "../../lead-sources/fetch-ad-lead-job";
import { matchJob } from "../../matching/match-job";
import { sendMatchedUnitJob } from "../../matching/send-matched-unit-job";
import { sendWebPushJob } from "../../notifications/push/send-push-job";
import { instantReplyJob } from "../../instant-reply/schedule-instant-reply";
import { runLeadImportJob } from "../../leads/imports/run-lead-import-job";

/**
 * Every kind of deferred job the runner knows (see deferred-job.ts). A row
 * whose kind is not listed here is recorded as failed when it comes due.
 */
// One kind per line, so additions from parallel work merge cleanly.
export const deferredJobKinds: readonly AnyDeferredJobKind[] = [
  fetchAdLeadJob,
  matchJob,
  sendMatchedUnitJob,
  sendWebPushJob,
  instantReplyJob,
  runLeadImportJob,
];
