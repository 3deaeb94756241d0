"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { formatDateTime } from "~/lib/format/dates";
import { formatMoney, formatNumber } from "~/lib/format/numbers";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorCodeOf, errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { EmptyState } from "../ui/empty-state";
import { LoadingBlock } from "../ui/spinner";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { useToast } from "../ui/toast";
import { PlusIcon } from "../shell/icons";
import { EditProjectDialog } from "./edit-project-dialog";
import { projectStatusTone, UNIT_STATUSES, unitStatusTone, type Project, type Unit, type UnitStatus } from "./project-presentation";
import { priceRange } from "./projects-list";
import { ProjectFunnelSection } from "./project-funnel-section";
import { ProjectMatchSendingCard } from "../matching/project-match-sending-card";
import { UnitDialog } from "./unit-dialog";
import { ShareSheetDialog } from "./share-sheet-dialog";
import { UnitHolderLink } from "./unit-holder-link";

export function ProjectDetail({ projectId }: { projectId: string }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const project = useQuery(trpc.projects.get.queryOptions({ projectId }));
  const [editing, setEditing] = useState(false);
  const [unitDialog, setUnitDialog] = useState<{ unit: Unit | null } | null>(null);
  const [sharing, setSharing] = useState<{ unit: Unit | null } | null>(null);

  if (project.isPending) return <LoadingBlock label={t.common.loading} />;
  if (project.isError) {
    return (
      <Card>
        <EmptyState
          title={errorCodeOf(project.error) === "NOT_FOUND" ? t.common.notFound : t.common.somethingWrong}
          action={<Link href="/projects" className="text-sm font-medium text-accent hover:underline">← {t.projects.title}</Link>}
        />
      </Card>
    );
  }
  const data = project.data;
  return (
    <>
      <Link href="/projects" className="text-sm text-ink-muted hover:text-ink">
        ← {t.projects.title}
      </Link>
      <header className="mb-6 mt-2 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{data.name}</h1>
          <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-ink-muted">
            <Badge tone={projectStatusTone(data.status)}>{t.projectStatus[data.status]}</Badge>
            {data.promotora && <span>{data.promotora}</span>}
            {data.city && <span>{[data.city, data.country].filter(Boolean).join(", ")}</span>}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setSharing({ unit: null })}>
            {t.sheetLinks.share}
          </Button>
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {t.common.edit}
          </Button>
        </div>
      </header>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="h-fit lg:col-span-2">
          <CardHeader
            title={`${t.projects.units} (${data.units.length})`}
            actions={
              <Button size="sm" onClick={() => setUnitDialog({ unit: null })}>
                <PlusIcon /> {t.projects.addUnit}
              </Button>
            }
          />
          {data.units.length === 0 ? (
            <EmptyState title={t.projects.unitsEmpty} />
          ) : (
            <UnitsTable project={data} onEdit={(unit) => setUnitDialog({ unit })} onShare={(unit) => setSharing({ unit })} />
          )}
        </Card>
        <ProjectFacts project={data} />
      </div>
      <ProjectFunnelSection projectId={data.id} />
      <ProjectMatchSendingCard projectId={data.id} />
      {editing && <EditProjectDialog project={data} open onClose={() => setEditing(false)} />}
      {sharing && (
        <ShareSheetDialog projectId={data.id} unit={sharing.unit} name={sharing.unit?.name ?? data.name} onClose={() => setSharing(null)} />
      )}
      {unitDialog && (
        <UnitDialog projectId={data.id} currency={data.currency} unit={unitDialog.unit} open onClose={() => setUnitDialog(null)} />
      )}
    </>
  );
}

function UnitsTable({ project, onEdit, onShare }: { project: Project; onEdit: (unit: Unit) => void; onShare: (unit: Unit) => void }) {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const changeStatus = useMutation(
    trpc.projects.updateUnit.mutationOptions({
      onSuccess: async (unit) => {
        await queryClient.invalidateQueries({ queryKey: trpc.projects.pathKey() });
        toast.success(t.projects.unitStatusChanged(unit.name));
      },
      onError: (error) => toast.error(errorMessageOf(error, t.common.somethingWrong)),
    }),
  );
  const f = t.projects.unitFields;
  return (
    <Table label={t.projects.units}>
      <THead>
        <tr>
          <TH>{f.name}</TH>
          <TH>{f.type}</TH>
          <TH className="text-right">{f.area}</TH>
          <TH className="text-right">{f.price}</TH>
          <TH>{f.status}</TH>
          <TH className="w-0">
            <span className="sr-only">{t.mobile.actions}</span>
          </TH>
        </tr>
      </THead>
      <TBody>
        {project.units.map((unit) => (
          <TR key={unit.id}>
            <TD className="font-medium">{unit.name}</TD>
            <TD label={f.type} className="text-ink-muted">{unit.type ?? "—"}</TD>
            <TD label={f.area} className="text-right tabular-nums text-ink-muted">{unit.area === null ? "—" : formatNumber(unit.area, locale)}</TD>
            <TD label={f.price} className="text-right tabular-nums">{formatMoney(unit.price, project.currency, locale)}</TD>
            <TD label={f.status}>
              <div className="flex flex-wrap items-center gap-2">
                <span data-unit-status={unit.status} className="contents">
                  <Badge tone={unitStatusTone(unit.status)}>{t.unitStatus[unit.status]}</Badge>
                </span>
                <select
                  aria-label={`${f.status}: ${unit.name}`}
                  value={unit.status}
                  disabled={changeStatus.isPending}
                  onChange={(event) =>
                    changeStatus.mutate({ projectId: project.id, unitId: unit.id, status: event.target.value as UnitStatus })
                  }
                  className="rounded-md border border-line bg-surface px-1.5 py-0.5 text-xs text-ink-muted focus:border-accent focus:outline-none touch:min-h-11 touch:px-2.5 touch:text-sm max-sm:text-base"
                >
                  {UNIT_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {t.unitStatus[status]}
                    </option>
                  ))}
                </select>
              </div>
              {unit.leadId && <UnitHolderLink leadId={unit.leadId} />}
            </TD>
            <TD actions>
              <Button variant="ghost" size="sm" onClick={() => onShare(unit)}>
                {t.sheetLinks.share}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => onEdit(unit)}>
                {t.common.edit}
              </Button>
            </TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}

function ProjectFacts({ project }: { project: Project }) {
  const { t, dates, locale } = useI18n();
  const f = t.projects.fields;
  const money = (value: number | null) => (value === null ? null : formatMoney(value, project.currency, locale));
  const num = (value: number | null) => (value === null ? null : formatNumber(value, locale));
  const rows: [string, ReactNode][] = [
    [t.projects.columns.price, priceRange(project, locale)],
    [f.type, project.type ? (t.projectType[project.type as keyof typeof t.projectType] ?? project.type) : null],
    [f.operationType, project.operationType ? (t.operationType[project.operationType as keyof typeof t.operationType] ?? project.operationType) : null],
    [f.salePrice, money(project.salePrice)],
    [f.rentPrice, money(project.rentPrice)],
    [f.bedrooms, num(project.bedrooms)],
    [f.bathrooms, num(project.bathrooms)],
    [f.parkingSpots, num(project.parkingSpots)],
    [f.builtArea, num(project.builtArea)],
    [f.lotArea, num(project.lotArea)],
    [f.address, [project.address, project.city, project.state, project.country].filter(Boolean).join(", ") || null],
    [f.description, project.description],
    [t.leads.fields.updatedAt, formatDateTime(project.updatedAt, dates)],
  ];
  return (
    <Card className="h-fit">
      {project.image && (
        <img src={project.image} alt="" className="h-40 w-full rounded-t-xl object-cover" />
      )}
      <CardHeader title={t.projects.overview} />
      <dl className="divide-y divide-line px-5">
        {rows.filter(([, value]) => value !== null && value !== "").map(([label, value]) => (
          <div key={label} className="grid grid-cols-5 gap-3 py-2.5 text-sm">
            <dt className="col-span-2 text-ink-muted">{label}</dt>
            <dd className="col-span-3 whitespace-pre-wrap break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
