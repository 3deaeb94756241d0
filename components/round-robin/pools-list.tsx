"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { formatDateTime } from "~/lib/format/dates";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useTRPC } from "~/lib/trpc/react";
import { Badge } from "../ui/badge";
import { buttonClasses } from "../ui/button";
import { Card } from "../ui/card";
import { EmptyState } from "../ui/empty-state";
import { FilterSelect } from "../ui/filter-select";
import { ListQueryStates } from "../ui/list-query-states";
import { ListToolbar } from "../ui/list-toolbar";
import { Pagination } from "../ui/pagination";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { useDebouncedSearch } from "../ui/use-debounced-search";
import { offsetOfPageParam, pageParamOfOffset } from "../ui/url-paging";
import { useUrlState } from "../ui/use-url-state";
import { PoolAvatars } from "./pool-avatars";

const PAGE_SIZE = 20;
const STATUSES = ["active", "inactive"] as const;

/** Routing: the organization's pools with who is in each, how many leads they gave out and when last. */
export function PoolsList({ canCreate }: { canCreate: boolean }) {
  const { t, dates } = useI18n();
  const r = t.routing;
  const trpc = useTRPC();
  const [filters, setFilters] = useUrlState(["q", "status", "page"] as const);
  const [search, setSearch] = useDebouncedSearch(filters.q, (q) => setFilters({ q, page: "" }));
  const status = (STATUSES as readonly string[]).includes(filters.status) ? (filters.status as (typeof STATUSES)[number]) : ("all" as const);
  const input = {
    limit: PAGE_SIZE,
    offset: offsetOfPageParam(filters.page, PAGE_SIZE),
    status,
    ...(filters.q.trim() ? { query: filters.q.trim() } : {}),
  };
  const pools = useQuery({ ...trpc.roundRobin.list.queryOptions(input), placeholderData: keepPreviousData });

  return (
    <Card>
      <ListToolbar search={search} onSearch={setSearch} placeholder={r.searchPlaceholder} filtersOnPhone="inline">
        <FilterSelect label={r.columns.status} value={status === "all" ? "" : status} onChange={(e) => setFilters({ status: e.target.value, page: "" })}>
          <option value="">{r.anyStatus}</option>
          {STATUSES.map((value) => (
            <option key={value} value={value}>
              {r.status[value]}
            </option>
          ))}
        </FilterSelect>
      </ListToolbar>
      <ListQueryStates
        query={pools}
        retry
        errorDetail={false}
        empty={
          filters.q || status !== "all" ? (
            <EmptyState title={r.noMatches} />
          ) : (
            <EmptyState title={r.emptyTitle} description={r.emptyBody} action={canCreate ? <Link href="/routing/new" className={buttonClasses()}>{r.newPool}</Link> : undefined} />
          )
        }
      >
        {(page) => (
          <>
            <Table label={r.title}>
              <THead>
                <tr>
                  <TH>{r.columns.name}</TH>
                  <TH>{r.columns.participants}</TH>
                  <TH className="text-right">{r.columns.assignments}</TH>
                  <TH>{r.columns.last}</TH>
                  <TH>{r.columns.status}</TH>
                </tr>
              </THead>
              <TBody className={pools.isPlaceholderData ? "opacity-60" : undefined}>
                {page.data.map((pool) => (
                  <TR key={pool.id} className="hover:bg-canvas/60">
                    <TD>
                      <Link href={`/routing/${pool.id}`} className="font-medium hover:text-accent">
                        {pool.name}
                      </Link>
                      {pool.followerName && <p className="text-xs text-ink-muted">{`${r.fields.follower}: ${pool.followerName}`}</p>}
                    </TD>
                    <TD label={r.columns.participants}>
                      <div className="flex items-center gap-2">
                        <PoolAvatars poolId={pool.id} />
                        <span className="text-xs text-ink-muted">{r.participantCount(pool.participantCount)}</span>
                      </div>
                    </TD>
                    <TD label={r.columns.assignments} className="text-right tabular-nums">{pool.assignmentCount}</TD>
                    <TD label={r.columns.last} className="whitespace-nowrap text-ink-muted">
                      {pool.lastAssignmentAt ? formatDateTime(pool.lastAssignmentAt, dates) : t.common.never}
                    </TD>
                    <TD label={r.columns.status}>
                      <Badge tone={pool.isActive ? "success" : "neutral"}>{pool.isActive ? r.status.active : r.status.inactive}</Badge>
                    </TD>
                  </TR>
                ))}
              </TBody>
            </Table>
            <Pagination offset={input.offset} limit={PAGE_SIZE} total={page.pagination.total} onChange={(offset) => setFilters({ page: pageParamOfOffset(offset, PAGE_SIZE) })} />
          </>
        )}
      </ListQueryStates>
    </Card>
  );
}
