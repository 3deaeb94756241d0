/**
 * Text the API refuses anywhere in an input (body, query or path; values and
 * object keys), decided once for every field of both doors:
 * - C0 control characters other than tab, line feed and carriage return
 *   (U+0000–U+0008, U+000B, U+000C, U+000E–U+001F) and DEL (U+007F).
 *   PostgreSQL text cannot store U+0000 at all; the others have no business in
 *   a CRM record and hide text from people reading it.
 * - Unpaired UTF-16 surrogates (`"\ud800"`): not Unicode, cannot be encoded
 *   as UTF-8 and so cannot be stored either.
 * They are refused (400 VALIDATION_ERROR naming the field), never stripped:
 * changing a client's data silently is worse than telling it. Tab, LF and CR
 * stay allowed (notes and addresses have lines). Other characters (C1
 * controls, zero-width, emoji) are stored as sent.
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function describe(text: string): string | null {
  const match = FORBIDDEN.exec(text);
  if (!match) return null;
  const code = match[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");
  return code >= "D800" && code <= "DFFF"
    ? `must be valid Unicode (unpaired surrogate U+${code})`
    : `must not contain control characters (U+${code})`;
}

export interface ForbiddenText {
  /** The field, as `a.b.0.c` (`body` for a bare value). */
  path: string;
  reason: string;
}

interface Visit {
  value: unknown;
  key: string | null;
  parent: Visit | null;
}

function pathOf(visit: Visit, lastKey?: string): string {
  const keys: string[] = lastKey === undefined ? [] : [lastKey];
  for (let at: Visit | null = visit; at !== null && at.key !== null; at = at.parent) keys.push(at.key);
  return keys.length > 0 ? keys.reverse().join(".") : "body";
}

/**
 * The first forbidden text in `value`. Walked with an explicit stack and
 * parent links (no recursion, no path copies), so a 1 MB body nested half a
 * million levels deep costs linear time, not a stack overflow or a quadratic walk.
 */
export function findForbiddenText(value: unknown): ForbiddenText | null {
  const stack: Visit[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (typeof current === "string") {
      const reason = describe(current);
      if (reason) return { path: pathOf(visit), reason };
    } else if (Array.isArray(current)) {
      current.forEach((entry, index) => stack.push({ value: entry, key: String(index), parent: visit }));
    } else if (typeof current === "object" && current !== null) {
      for (const [key, entry] of Object.entries(current)) {
        const keyReason = describe(key);
        if (keyReason) return { path: pathOf(visit, key.replace(new RegExp(FORBIDDEN.source, "g"), "?")), reason: `key ${keyReason}` };
        stack.push({ value: entry, key, parent: visit });
      }
    }
  }
  return null;
}
