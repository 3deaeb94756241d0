import { handleTokenRequest } from "~/server/oauth/token-endpoint";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = handleTokenRequest;
