import type { NextRequest } from "next/server";
import { serve } from "inngest/next";
import { inngest } from "~/inngest/client";
import { functions } from "~/inngest/index";
import { ApiError } from "~/server/errors/api-error";
import { apiErrorResponse } from "~/server/http/error-response";
import { isInngestConfigured } from "~/server/jobs/driver-choice";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * Inngest's endpoint, live only when Inngest is configured (INNGEST_EVENT_KEY
 * or INNGEST_DEV). Otherwise the embedded driver does the work and this route
 * answers a plain 404 in the API's error envelope rather than the SDK's 500.
 */
const handler = serve({ client: inngest, functions });

type Handler = (request: NextRequest, context: unknown) => Promise<Response>;

function whenConfigured(method: "GET" | "POST" | "PUT"): Handler {
  return (request, context) => {
    if (isInngestConfigured()) return handler[method](request, context);
    return Promise.resolve(apiErrorResponse(new ApiError("NOT_FOUND", "request.notFound", { method, path: "/api/inngest" })));
  };
}

export const GET = whenConfigured("GET");
export const POST = whenConfigured("POST");
export const PUT = whenConfigured("PUT");
