import { ApiError } from "./errors/api-error";

/**
 * Opaque page cursors (`cursor` in, `pagination.nextCursor` out): the position
 * of the last record a page returned, as a keyset, so the next page starts
 * right after it whatever was inserted or deleted meanwhile (offsets shift).
 * A cursor names the list it belongs to; one from another list, or one that
 * was edited, is a 400 `VALIDATION_ERROR` on `cursor`, never a wrong page.
 */
export type CursorKey = readonly (string | number | null)[];

interface CursorBody {
  /** Which list (and ordering) the cursor belongs to, e.g. `events:asc`. */
  l: string;
  k: CursorKey;
}

export function encodeCursor(list: string, key: CursorKey): string {
  const body: CursorBody = { l: list, k: key };
  return Buffer.from(JSON.stringify(body), "utf8").toString("base64url");
}

function invalidCursor(): ApiError {
  return ApiError.text("VALIDATION_ERROR", "cursor: not a cursor of this list (use pagination.nextCursor as it was answered)");
}

/** The key of a cursor of `list` with `length` parts, or a 400 `VALIDATION_ERROR`. */
export function decodeCursor(list: string, cursor: string, length: number): CursorKey {
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor();
  }
  const parsed = body as Partial<CursorBody> | null;
  if (parsed === null || typeof parsed !== "object" || parsed.l !== list || !Array.isArray(parsed.k) || parsed.k.length !== length) {
    throw invalidCursor();
  }
  if (!parsed.k.every((part) => part === null || typeof part === "string" || typeof part === "number")) throw invalidCursor();
  return parsed.k;
}

/** The list a cursor belongs to, or null when it is not a cursor at all (to tell an `asc` cursor from a `desc` one). */
export function cursorList(cursor: string): string | null {
  try {
    const body = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as Partial<CursorBody> | null;
    return typeof body?.l === "string" ? body.l : null;
  } catch {
    return null;
  }
}
