import { handleProtectedResourceMetadata } from "~/server/mcp/protected-resource";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = handleProtectedResourceMetadata;
