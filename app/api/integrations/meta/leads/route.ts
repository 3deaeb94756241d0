import { handleMetaLeadsWebhook } from "~/server/lead-sources/meta/leadgen-webhook";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = handleMetaLeadsWebhook;
export const POST = handleMetaLeadsWebhook;
