"use client";

import { useCallback, useMemo, useState } from "react";
import { fieldErrorsOf } from "../trpc/errors";

/**
 * The server's field errors of the last submit, minus the fields the person
 * has edited since: a message disappears as soon as its field is touched.
 */
export function useFieldErrors(error: unknown) {
  const all = useMemo(() => fieldErrorsOf(error), [error]);
  const [edited, setEdited] = useState<{ error: unknown; fields: ReadonlySet<string> }>({ error, fields: new Set() });
  const editedFields = edited.error === error ? edited.fields : null;
  const errors = useMemo(
    () => (editedFields ? Object.fromEntries(Object.entries(all).filter(([field]) => !editedFields.has(field))) : all),
    [all, editedFields],
  );
  const markEdited = useCallback(
    (...fields: string[]) =>
      setEdited((previous) => ({ error, fields: new Set([...(previous.error === error ? previous.fields : []), ...fields]) })),
    [error],
  );
  /** Wraps a form's setter: the keys whose value changed count as edited. */
  const track = useCallback(
    <T extends object>(setValues: (values: T) => void, previous: T) =>
      (next: T) => {
        const changed = (Object.keys(next) as (keyof T & string)[]).filter((key) => next[key] !== previous[key]);
        if (changed.length > 0) markEdited(...changed);
        setValues(next);
      },
    [markEdited],
  );
  return { errors, hasErrors: Object.keys(all).length > 0, markEdited, track };
}
