import { sendMailJob } from "../mail/send-mail-job";
import { pruneWebhookHistoryJob } from "../webhooks/prune-webhook-history-job";
import { deliverWebhookJob } from "../webhooks/deliver-webhook-job";
import { pruneIdempotentRequestsJob } from "../http/prune-idempotent-requests-job";
import { followerDigestJob } from "../round-robin/follower-digest-job";
import { dispatchSequenceContactJob } from "../sequences/dispatch-sequence-job";
import { planSequenceSlotsJob } from "../sequences/plan-sequence-slots-job";
import { calendarSyncJob } from "../calendar/sync/calendar-sync-job";
import { runDeferredJob } from "./deferred/run-deferred-job";
import { pruneDeferredJobsJob } from "./deferred/prune-deferred-jobs-job";
import { pruneLeadAccessJob } from "../leads/access/prune-lead-access-job";
import { pruneLeadMergesJob } from "../leads/merge/prune-lead-merges-job";
import { firstTouchEscalationJob } from "../round-robin/first-touch-escalation-job";
import { warnFirstTouchDueJob } from "../notifications/due-soon-job";
import { claimWindowJob } from "../round-robin/claim-window-job";
import type { JobDefinition } from "./job-definition";

/**
 * Every kind of background work the app runs. Both drivers read this list:
 * the Inngest adapter builds its functions from it and the embedded driver
 * polls it. Adding a job = one definition here (see docs/adding-a-job.md).
 */
// One job per line, so additions from parallel work merge cleanly.
export const jobRegistry: readonly JobDefinition[] = [
  deliverWebhookJob,
  sendMailJob,
  pruneWebhookHistoryJob,
  pruneIdempotentRequestsJob,
  followerDigestJob,
  dispatchSequenceContactJob,
  planSequenceSlotsJob,
  calendarSyncJob,
  runDeferredJob,
  pruneDeferredJobsJob,
  pruneLeadAccessJob,
  pruneLeadMergesJob,
  firstTouchEscalationJob,
  warnFirstTouchDueJob,
  claimWindowJob,
];
