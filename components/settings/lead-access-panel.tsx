"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { formatDateTime } from "~/lib/format/dates";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useTRPC } from "~/lib/trpc/react";
import { Card, CardHeader } from "../ui/card";
import { EmptyState } from "../ui/empty-state";
import { ListQueryStates } from "../ui/list-query-states";
import { Pagination } from "../ui/pagination";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";

const PAGE = 25;

/**
 * Settings → Lead access: the audit of who exported and who viewed which
 * leads over the last 90 days (owners and admins). Exports show who, when
 * and how many; views show who opened which lead.
 */
export function LeadAccessPanel() {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-6">
      <AccessCard kind="export" title={t.leadAccess.exportsTitle} description={t.leadAccess.exportsSubtitle} empty={t.leadAccess.noExports} />
      <AccessCard kind="view" title={t.leadAccess.viewsTitle} description={t.leadAccess.viewsSubtitle} empty={t.leadAccess.noViews} />
    </div>
  );
}

function AccessCard({ kind, title, description, empty }: { kind: "export" | "view"; title: string; description: string; empty: string }) {
  const { t, dates } = useI18n();
  const trpc = useTRPC();
  const [offset, setOffset] = useState(0);
  const entries = useQuery(trpc.leadAccess.list.queryOptions({ kind, limit: PAGE, offset }));
  const a = t.leadAccess;
  const who = (entry: { actorName: string; via: string | null }) => (entry.via ? a.via(entry.actorName, entry.via) : entry.actorName);

  return (
    <Card>
      <CardHeader title={title} description={description} />
      <ListQueryStates query={entries} empty={<EmptyState title={empty} />}>
        {(page) => (
          <>
            <Table label={title}>
              <THead>
                <tr>
                  <TH>{a.when}</TH>
                  <TH>{a.who}</TH>
                  <TH>{kind === "export" ? a.howMany : a.lead}</TH>
                  <TH>{a.door}</TH>
                </tr>
              </THead>
              <TBody>
                {page.data.map((entry) => (
                  <TR key={entry.id}>
                    <TD className="whitespace-nowrap font-medium">{formatDateTime(entry.createdAt, dates)}</TD>
                    <TD label={a.who}>{who(entry)}</TD>
                    <TD label={kind === "export" ? a.howMany : a.lead}>
                      {kind === "export" ? (
                        a.leads(entry.leadCount)
                      ) : entry.lead && entry.lead.name !== null ? (
                        <Link href={`/leads/${entry.lead.id}`} className="text-accent hover:underline">
                          {entry.lead.name}
                        </Link>
                      ) : (
                        <span className="text-ink-muted">{a.deletedLead}</span>
                      )}
                    </TD>
                    <TD label={a.door} className="text-ink-muted">
                      {entry.source === "ui" ? a.dashboard : a.api}
                    </TD>
                  </TR>
                ))}
              </TBody>
            </Table>
            <Pagination offset={offset} limit={PAGE} total={page.pagination.total} onChange={setOffset} />
          </>
        )}
      </ListQueryStates>
    </Card>
  );
}
