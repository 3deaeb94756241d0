"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { formatDateTime } from "~/lib/format/dates";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useTRPC } from "~/lib/trpc/react";
import { Card, CardHeader } from "../ui/card";
import { EmptyState } from "../ui/empty-state";
import { FilterSelect } from "../ui/filter-select";
import { ListQueryStates } from "../ui/list-query-states";
import { Pagination } from "../ui/pagination";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { ASSIGNMENT_SOURCES, type AssignmentSource } from "./pool-presentation";
import { describeMatch } from "./describe-match";

const PAGE_SIZE = 20;

/** The pool's assignment history, newest first, filterable by source. */
export function PoolHistory({ poolId }: { poolId: string }) {
  const { t, dates } = useI18n();
  const r = t.routing;
  const trpc = useTRPC();
  const [source, setSource] = useState<AssignmentSource | "">("");
  const [offset, setOffset] = useState(0);
  const input = { roundRobinId: poolId, limit: PAGE_SIZE, offset, ...(source ? { source } : {}) };
  const history = useQuery({ ...trpc.roundRobin.assignments.queryOptions(input), placeholderData: keepPreviousData });
  const c = r.historyColumns;
  return (
    <Card>
      <CardHeader
        title={r.history}
        actions={
          <FilterSelect
            label={c.source}
            value={source}
            onChange={(e) => {
              setSource(e.target.value as AssignmentSource | "");
              setOffset(0);
            }}
          >
            <option value="">{r.anySource}</option>
            {ASSIGNMENT_SOURCES.map((value) => (
              <option key={value} value={value}>
                {r.assignmentSource[value]}
              </option>
            ))}
          </FilterSelect>
        }
      />
      <ListQueryStates query={history} retry errorDetail={false} empty={<EmptyState title={r.historyEmpty} />}>
        {(page) => (
          <>
            <Table label={r.history}>
              <THead>
                <tr>
                  <TH>{c.when}</TH>
                  <TH>{c.lead}</TH>
                  <TH>{c.agent}</TH>
                  <TH className="text-right">{c.turn}</TH>
                  <TH>{c.source}</TH>
                  <TH>{c.how}</TH>
                </tr>
              </THead>
              <TBody className={history.isPlaceholderData ? "opacity-60" : undefined}>
                {page.data.map((row) => (
                  <TR key={row.id}>
                    <TD className="whitespace-nowrap text-ink-muted">{formatDateTime(row.createdAt, dates)}</TD>
                    <TD label={c.lead}>
                      <Link href={`/leads/${row.leadId}`} className="font-medium hover:text-accent">
                        {row.leadName ?? t.leads.unnamed}
                      </Link>
                    </TD>
                    <TD label={c.agent}>{row.userName ?? row.assignedUserId}</TD>
                    <TD label={c.turn} className="text-right tabular-nums">{row.turnOrder}</TD>
                    <TD label={c.source}>{r.assignmentSource[row.source]}</TD>
                    <TD label={c.how} className="text-ink-muted">{describeMatch(row.metadata, r)}</TD>
                  </TR>
                ))}
              </TBody>
            </Table>
            <Pagination offset={offset} limit={PAGE_SIZE} total={page.pagination.total} onChange={setOffset} />
          </>
        )}
      </ListQueryStates>
    </Card>
  );
}
