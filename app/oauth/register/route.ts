import { handleClientRegistration } from "~/server/oauth/dynamic-registration";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = handleClientRegistration;
