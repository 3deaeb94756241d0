import { handleConsentDecision } from "~/server/oauth/consent-decision";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = handleConsentDecision;
