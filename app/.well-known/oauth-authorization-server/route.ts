import { handleMetadataRequest } from "~/server/oauth/server-metadata";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = handleMetadataRequest;
