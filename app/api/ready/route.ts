import { handleReadinessRequest } from "~/server/system/readiness";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Readiness for orchestrators (server/system/readiness.ts); `/api/v1/health` stays the contract's liveness answer. */
export const GET = () => handleReadinessRequest();
