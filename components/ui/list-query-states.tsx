"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useDictionary } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import { Button } from "./button";
import { EmptyState } from "./empty-state";
import { LoadingBlock } from "./spinner";

/**
 * A list query's body: a spinner while it first loads, a notice if it fails,
 * `empty` when it has no rows, and otherwise `children` with the data.
 */
export function ListQueryStates<D extends { data: readonly unknown[] }, E>({
  query,
  empty,
  retry = false,
  errorDetail = true,
  children,
}: {
  query: UseQueryResult<D, E>;
  empty: ReactNode;
  /** Offer a Retry button when loading fails. */
  retry?: boolean;
  /** Show the server's message under the failure notice. */
  errorDetail?: boolean;
  children: (data: D) => ReactNode;
}) {
  const t = useDictionary();
  if (query.isPending) return <LoadingBlock label={t.common.loading} />;
  if (query.isError) {
    return (
      <EmptyState
        title={t.common.somethingWrong}
        description={errorDetail ? errorMessageOf(query.error, "") : undefined}
        action={
          retry ? (
            <Button variant="secondary" onClick={() => void query.refetch()}>
              {t.common.retry}
            </Button>
          ) : undefined
        }
      />
    );
  }
  return query.data.data.length === 0 ? empty : children(query.data);
}
