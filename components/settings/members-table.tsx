"use client";

import { useQuery } from "@tanstack/react-query";
import { formatDate } from "~/lib/format/dates";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useTRPC } from "~/lib/trpc/react";
import { Badge } from "../ui/badge";
import { Card, CardHeader } from "../ui/card";
import { EmptyState } from "../ui/empty-state";
import { LoadingBlock } from "../ui/spinner";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";

export function MembersTable() {
  const { t, dates } = useI18n();
  const trpc = useTRPC();
  // Always fresh here: the lead forms cache the same list for minutes.
  const members = useQuery({ ...trpc.members.list.queryOptions(), staleTime: 0, refetchOnMount: "always" });
  const c = t.settings.memberColumns;
  return (
    <Card>
      <CardHeader title={t.settings.members} description={t.settings.membersSubtitle} />
      {members.isPending ? (
        <LoadingBlock label={t.common.loading} />
      ) : members.isError ? (
        <EmptyState title={t.common.somethingWrong} />
      ) : (
        <Table label={t.settings.members}>
          <THead>
            <tr>
              <TH>{c.name}</TH>
              <TH>{c.email}</TH>
              <TH>{c.role}</TH>
              <TH>{c.since}</TH>
            </tr>
          </THead>
          <TBody>
            {members.data.data.map((member) => (
              <TR key={member.id}>
                <TD className="font-medium">{member.user.name}</TD>
                <TD label={c.email} className="text-ink-muted">{member.user.email}</TD>
                <TD label={c.role}>
                  <Badge tone={member.role === "member" ? "neutral" : "accent"}>{t.roles[member.role]}</Badge>
                </TD>
                <TD label={c.since} className="text-ink-muted">{formatDate(member.createdAt, dates)}</TD>
              </TR>
            ))}
          </TBody>
        </Table>
      )}
    </Card>
  );
}
