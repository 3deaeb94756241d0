import type { InngestFunction } from "inngest";
import { jobRegistry } from "../server/jobs/registry";
import { createJobFunctions } from "./functions/job-functions";
import { inngestRuntime } from "./runtime";

/** Every Inngest function the app serves at /api/inngest: built from the job registry, nothing domain-specific here. */
export const functions: InngestFunction.Any[] = jobRegistry.flatMap((job) => createJobFunctions(job, inngestRuntime));
