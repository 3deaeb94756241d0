"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { formatDate } from "~/lib/format/dates";
import { formatMoney } from "~/lib/format/numbers";
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
import { PROJECT_STATUSES, projectStatusTone, type ProjectListItem, type ProjectStatus } from "./project-presentation";

const PAGE_SIZE = 20;

export function priceRange(project: Pick<ProjectListItem, "minPrice" | "maxPrice" | "currency">, locale: "en" | "es"): string {
  if (project.minPrice === null || project.maxPrice === null) return "—";
  const min = formatMoney(project.minPrice, project.currency, locale);
  return project.minPrice === project.maxPrice ? min : `${min} – ${formatMoney(project.maxPrice, project.currency, locale)}`;
}

export function ProjectsList() {
  const { t, dates, locale } = useI18n();
  const trpc = useTRPC();
  const [filters, setFilters] = useUrlState(["q", "status", "page"] as const);
  const [search, setSearch] = useDebouncedSearch(filters.q, (q) => setFilters({ q, page: "" }));

  const status = (PROJECT_STATUSES as readonly string[]).includes(filters.status) ? (filters.status as ProjectStatus) : undefined;
  const input = {
    limit: PAGE_SIZE,
    offset: offsetOfPageParam(filters.page, PAGE_SIZE),
    sortBy: "updatedAt" as const,
    sortOrder: "desc" as const,
    ...(filters.q.trim() ? { query: filters.q.trim() } : {}),
    ...(status ? { status } : {}),
  };
  const projects = useQuery({ ...trpc.projects.list.queryOptions(input), placeholderData: keepPreviousData });
  const filtered = Boolean(filters.q || status);

  return (
    <Card>
      <ListToolbar search={search} onSearch={setSearch} placeholder={t.projects.searchPlaceholder} filtersOnPhone="inline">
        <FilterSelect label={t.projects.fields.status} value={status ?? ""} onChange={(e) => setFilters({ status: e.target.value, page: "" })} className="max-sm:max-w-40">
          <option value="">{t.projects.anyStatus}</option>
          {PROJECT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t.projectStatus[value]}
            </option>
          ))}
        </FilterSelect>
      </ListToolbar>
      <ListQueryStates
        query={projects}
        retry
        errorDetail={false}
        empty={
          filtered ? (
            <EmptyState title={t.projects.noMatchesTitle} />
          ) : (
            <EmptyState
              title={t.projects.emptyTitle}
              description={t.projects.emptyBody}
              action={<Link href="/projects/new" className={buttonClasses()}>{t.projects.newProject}</Link>}
            />
          )
        }
      >
        {(page) => (
          <>
            <Table label={t.projects.title}>
              <THead>
                <tr>
                  <TH>{t.projects.columns.name}</TH>
                  <TH>{t.projects.columns.city}</TH>
                  <TH>{t.projects.columns.type}</TH>
                  <TH>{t.projects.columns.status}</TH>
                  <TH className="text-right">{t.projects.columns.units}</TH>
                  <TH className="text-right">{t.projects.columns.price}</TH>
                  <TH>{t.projects.columns.updated}</TH>
                </tr>
              </THead>
              <TBody className={projects.isPlaceholderData ? "opacity-60" : undefined}>
                {page.data.map((project) => (
                  <TR key={project.id} className="hover:bg-canvas/60">
                    <TD>
                      <Link href={`/projects/${project.id}`} className="font-medium hover:text-accent">
                        {project.name}
                      </Link>
                      {project.promotora && <p className="text-xs text-ink-muted">{project.promotora}</p>}
                    </TD>
                    <TD label={t.projects.columns.city} className="text-ink-muted">{project.city ?? "—"}</TD>
                    <TD label={t.projects.columns.type} className="text-ink-muted">{project.type ? t.projectType[project.type as keyof typeof t.projectType] ?? project.type : "—"}</TD>
                    <TD label={t.projects.columns.status}>
                      <Badge tone={projectStatusTone(project.status)}>{t.projectStatus[project.status]}</Badge>
                    </TD>
                    <TD label={t.projects.columns.units} className="text-right tabular-nums">{project.unitCount}</TD>
                    <TD label={t.projects.columns.price} className="whitespace-nowrap text-right tabular-nums">{priceRange(project, locale)}</TD>
                    <TD label={t.projects.columns.updated} className="whitespace-nowrap text-ink-muted">{formatDate(project.updatedAt, dates)}</TD>
                  </TR>
                ))}
              </TBody>
            </Table>
            <Pagination
              offset={input.offset}
              limit={PAGE_SIZE}
              total={page.pagination.total}
              onChange={(offset) => setFilters({ page: pageParamOfOffset(offset, PAGE_SIZE) })}
            />
          </>
        )}
      </ListQueryStates>
    </Card>
  );
}
