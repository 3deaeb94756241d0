import { defineScheduledJob } from "../jobs/job-definition";
import { expireClaimOffers } from "./expire-claim-offers";

/**
 * Every minute, across every instance once: first-to-claim leads nobody
 * claimed within their window go to the pool's rotation
 * (server/round-robin/expire-claim-offers.ts).
 */
export const claimWindowJob = defineScheduledJob({
  id: "expire-claim-offers",
  name: "Round robin: hand unclaimed leads to the rotation",
  retries: 3,
  schedule: { every: "minute" },
  async run(io, runtime) {
    const assigned = await io.run("expire", () => expireClaimOffers(runtime.db, runtime.clock));
    return { assigned };
  },
});
