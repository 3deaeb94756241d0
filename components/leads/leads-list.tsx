"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { formatDate } from "~/lib/format/dates";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useTRPC } from "~/lib/trpc/react";
import { Card } from "../ui/card";
import { EmptyState } from "../ui/empty-state";
import { FilterSelect } from "../ui/filter-select";
import { ListQueryStates } from "../ui/list-query-states";
import { ListToolbar } from "../ui/list-toolbar";
import { Pagination } from "../ui/pagination";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { useIsPhone } from "../ui/use-media-query";
import { useDebouncedSearch } from "../ui/use-debounced-search";
import { offsetOfPageParam, pageParamOfOffset } from "../ui/url-paging";
import { ExportLeadsLink } from "./export-leads-link";
import { StageLabel } from "./lead-badges";
import { FirstTouchBadge } from "./first-touch-badge";
import { LeadCards } from "./lead-cards";
import { ClaimableLeads } from "./claimable-leads";
import { leadName, type LeadSource } from "./lead-presentation";
import { LEAD_SOURCES } from "~/server/leads/lead-enums";
import { useLeadLookups } from "./use-lead-lookups";
import { useUrlState } from "../ui/use-url-state";
import { FunnelFilterChip } from "./funnel-filter-chip";
import { HOME_PERIODS } from "~/server/home/home-period-names";
import { FUNNEL_STAGES } from "~/server/projects/funnel/funnel-stage-names";

const PAGE_SIZE = 20;

const SORTS = {
  newest: { sortBy: "createdAt", sortOrder: "desc" },
  oldest: { sortBy: "createdAt", sortOrder: "asc" },
  name: { sortBy: "firstName", sortOrder: "asc" },
  company: { sortBy: "company", sortOrder: "asc" },
  value: { sortBy: "estimatedValue", sortOrder: "desc" },
} as const;
type SortKey = keyof typeof SORTS;

const FILTER_KEYS = ["q", "source", "stage", "assignee", "touch", "pool", "project", "sort", "page", "funnelProject", "funnelStage", "funnelPeriod"] as const;
const TOUCH_FILTERS = ["waiting", "breached"] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function LeadsList() {
  const { t, dates, money } = useI18n();
  const trpc = useTRPC();
  const lookups = useLeadLookups();
  const [filters, setFilters] = useUrlState(FILTER_KEYS);
  const [search, setSearch] = useDebouncedSearch(filters.q, (q) => setFilters({ q, page: "" }));

  const sortKey: SortKey = filters.sort in SORTS ? (filters.sort as SortKey) : "newest";
  const source = (LEAD_SOURCES as readonly string[]).includes(filters.source) ? (filters.source as LeadSource) : undefined;
  const stageId = lookups.stages.some((stage) => stage.id === filters.stage) ? filters.stage : undefined;
  const assignedToId =
    filters.assignee === "none" || lookups.members.some((member) => member.user.id === filters.assignee) ? filters.assignee : undefined;
  const firstTouch = TOUCH_FILTERS.find((value) => value === filters.touch);
  // A pool's or project's row of the speed-to-lead report links here (components/reports/speed-report.tsx).
  const roundRobinId = UUID.test(filters.pool) ? filters.pool : undefined;
  const projectId = filters.project && filters.project.length <= 64 ? filters.project : undefined;
  // A project funnel's number links here (components/projects/project-funnel.tsx): its project, stage and period.
  const funnelStage = FUNNEL_STAGES.find((value) => value === filters.funnelStage);
  const funnel =
    filters.funnelProject && funnelStage
      ? { funnelProjectId: filters.funnelProject, funnelStage, funnelPeriod: HOME_PERIODS.find((p) => p === filters.funnelPeriod) ?? "7d" }
      : undefined;
  // "To claim": leads offered to me or in my pools' ponds, claimed from the list.
  const toClaim = filters.assignee === "claim";
  const input = {
    limit: PAGE_SIZE,
    offset: offsetOfPageParam(filters.page, PAGE_SIZE),
    ...SORTS[sortKey],
    ...(filters.q.trim() ? { query: filters.q.trim() } : {}),
    ...(source ? { source } : {}),
    ...(stageId ? { stageId } : {}),
    ...(assignedToId ? { assignedToId } : {}),
    ...(firstTouch ? { firstTouch } : {}),
    ...(roundRobinId ? { roundRobinId } : {}),
    ...(projectId ? { projectId } : {}),
    ...funnel,
    ...(toClaim ? { claim: "mine" as const } : {}),
  };
  const leads = useQuery({ ...trpc.leads.list.queryOptions(input), placeholderData: keepPreviousData });
  const filtered = Boolean(filters.q || source || stageId || assignedToId || firstTouch || roundRobinId || projectId || funnel || toClaim);
  const isPhone = useIsPhone();
  const c = t.leads.columns;

  const filterCount = [source, stageId, assignedToId ?? (toClaim ? "claim" : undefined), firstTouch, roundRobinId, projectId].filter(Boolean).length;
  const clearFilters = () => {
    setSearch("");
    setFilters({ q: "", source: "", stage: "", assignee: "", touch: "", pool: "", project: "", page: "" });
  };

  return (
    <Card>
      <ListToolbar search={search} onSearch={setSearch} placeholder={t.leads.searchPlaceholder} filterCount={filterCount} onClearFilters={clearFilters}>
        <FilterSelect label={t.leads.filters.source} value={source ?? ""} onChange={(e) => setFilters({ source: e.target.value, page: "" })}>
          <option value="">{t.leads.filters.anySource}</option>
          {LEAD_SOURCES.map((value) => (
            <option key={value} value={value}>
              {t.leadSource[value]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label={t.leads.filters.stage} value={stageId ?? ""} onChange={(e) => setFilters({ stage: e.target.value, page: "" })}>
          <option value="">{t.leads.filters.anyStage}</option>
          {lookups.stages.map((stage) => (
            <option key={stage.id} value={stage.id}>
              {stage.name}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label={t.leads.filters.assignee} value={toClaim ? "claim" : (assignedToId ?? "")} onChange={(e) => setFilters({ assignee: e.target.value, page: "" })}>
          <option value="">{t.leads.filters.anyone}</option>
          <option value="claim">{t.claim.filter}</option>
          <option value="none">{t.common.unassigned}</option>
          {lookups.members.map((member) => (
            <option key={member.user.id} value={member.user.id}>
              {member.user.name}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label={t.firstTouch.filter} value={firstTouch ?? ""} onChange={(e) => setFilters({ touch: e.target.value, page: "" })}>
          <option value="">{t.firstTouch.anyTouch}</option>
          <option value="waiting">{t.firstTouch.filter}</option>
          <option value="breached">{t.firstTouch.filterBreached}</option>
        </FilterSelect>
        <FilterSelect label={t.leads.sort.label} value={sortKey} onChange={(e) => setFilters({ sort: e.target.value === "newest" ? "" : e.target.value, page: "" })}>
          {(Object.keys(SORTS) as SortKey[]).map((key) => (
            <option key={key} value={key}>
              {t.leads.sort[key]}
            </option>
          ))}
        </FilterSelect>
      </ListToolbar>
      {funnel && (
        <FunnelFilterChip
          projectName={lookups.projects.find((p) => p.id === funnel.funnelProjectId)?.name ?? null}
          stage={funnel.funnelStage}
          period={funnel.funnelPeriod}
          onClear={() => setFilters({ funnelProject: "", funnelStage: "", funnelPeriod: "", page: "" })}
        />
      )}

      <ListQueryStates
        query={leads}
        retry
        empty={
          filtered ? (
            <EmptyState title={t.leads.noMatchesTitle} description={t.leads.noMatchesBody} />
          ) : (
            <EmptyState title={t.leads.emptyTitle} description={t.leads.emptyBody} />
          )
        }
      >
        {(page) => (
          <>
            {toClaim ? (
              <ClaimableLeads leads={page.data} dimmed={leads.isPlaceholderData} />
            ) : isPhone ? (
              <LeadCards leads={page.data} stages={lookups.stages} dimmed={leads.isPlaceholderData} />
            ) : (
              <Table label={t.leads.title}>
                <THead>
                  <tr>
                    <TH>{t.leads.columns.name}</TH>
                    <TH>{t.leads.columns.company}</TH>
                    <TH>{t.leads.columns.stage}</TH>
                    <TH>{t.leads.columns.assignee}</TH>
                    <TH className="text-right">{t.leads.columns.value}</TH>
                    <TH>{t.leads.columns.created}</TH>
                  </tr>
                </THead>
                <TBody className={leads.isPlaceholderData ? "opacity-60" : undefined}>
                  {page.data.map((lead) => (
                    <TR key={lead.id} className="hover:bg-canvas/60">
                      <TD>
                        <Link href={`/leads/${lead.id}`} className="font-medium text-ink hover:text-accent">
                          {leadName(lead, t.leads.unnamed)}
                        </Link>
                        <p className="text-xs text-ink-muted">{lead.email ?? lead.phone}</p>
                      </TD>
                      <TD label={c.company} className="text-ink-muted">{lead.company ?? "—"}</TD>
                      <TD label={c.stage} className="text-ink-muted">
                        <StageLabel stageId={lead.stageId} stageName={lead.stageName} stages={lookups.stages} />
                      </TD>
                      <TD label={c.assignee} className="text-ink-muted">
                        {lead.assignedTo?.name ?? t.common.unassigned}
                        <div className="mt-1 empty:hidden">
                          <FirstTouchBadge firstTouch={lead.firstTouch} openOnly />
                        </div>
                      </TD>
                      <TD label={c.value} className="text-right tabular-nums">
                        {lead.estimatedValue === null ? "—" : money(lead.estimatedValue)}
                      </TD>
                      <TD label={c.created} className="whitespace-nowrap text-ink-muted">{formatDate(lead.createdAt, dates)}</TD>
                    </TR>
                  ))}
                </TBody>
              </Table>
            )}
            <Pagination
              offset={input.offset}
              limit={PAGE_SIZE}
              total={page.pagination.total}
              onChange={(offset) => setFilters({ page: pageParamOfOffset(offset, PAGE_SIZE) })}
            />
            <ExportLeadsLink filters={{ sortBy: input.sortBy, sortOrder: input.sortOrder, query: input.query, source, stageId, assignedToId, ...funnel }} total={page.pagination.total} />
          </>
        )}
      </ListQueryStates>
    </Card>
  );
}
