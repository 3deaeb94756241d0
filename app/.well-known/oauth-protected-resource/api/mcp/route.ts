import { handleProtectedResourceMetadata } from "~/server/mcp/protected-resource";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** RFC 9728 §3.1: the metadata of the resource `/api/mcp`, at the well-known path with the resource's path appended. */
export const GET = handleProtectedResourceMetadata;
