import { handleRevocationRequest } from "~/server/oauth/revocation-endpoint";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = handleRevocationRequest;
