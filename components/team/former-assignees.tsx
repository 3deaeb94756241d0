"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { Select } from "../ui/input";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { useToast } from "../ui/toast";
import { ReassignTargetOptions, targetOf, useReassignPools } from "./reassign-target";

/** People removed from the organization who still have leads assigned, with a way to hand those leads on (to a member or through a pool). */
export function FormerAssignees({
  former,
  members,
}: {
  former: { userId: string; name: string; email: string; assignedLeads: number }[];
  members: { userId: string; name: string }[];
}) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [targets, setTargets] = useState<Record<string, string>>({});
  const reassign = useMutation(trpc.team.members.reassignLeads.mutationOptions());
  const pools = useReassignPools();

  async function handOn(fromUserId: string) {
    const to = targetOf(targets[fromUserId] ?? "");
    if (!to) return;
    try {
      let moved = 0;
      let remaining = 1;
      while (remaining > 0) {
        const result = await reassign.mutateAsync({ fromUserId, ...to });
        moved += result.reassigned;
        remaining = result.remaining;
      }
      await queryClient.invalidateQueries({ queryKey: trpc.team.overview.queryKey() });
      toast.success(t.team.reassigned(moved));
    } catch (failure) {
      toast.error(errorMessageOf(failure, t.common.somethingWrong));
    }
  }

  if (former.length === 0) return null;
  return (
    <Card>
      <CardHeader title={t.team.formerTitle} description={t.team.formerSubtitle} />
      <Table label={t.team.formerTitle}>
        <THead>
          <tr>
            <TH>{t.settings.memberColumns.name}</TH>
            <TH>{t.team.leads}</TH>
            <TH>{t.team.reassignTo}</TH>
          </tr>
        </THead>
        <TBody>
          {former.map((person) => (
            <TR key={person.userId}>
              <TD className="font-medium">
                {person.name}
                <p className="text-xs font-normal text-ink-muted">{person.email}</p>
              </TD>
              <TD label={t.team.leads}>{person.assignedLeads}</TD>
              <TD label={t.team.reassignTo}>
                <span className="flex gap-2">
                  <Select aria-label={t.team.reassignTo} value={targets[person.userId] ?? ""} onChange={(e) => setTargets({ ...targets, [person.userId]: e.target.value })}>
                    <option value="">—</option>
                    <ReassignTargetOptions members={members} pools={pools} />
                  </Select>
                  <Button size="sm" variant="secondary" disabled={!targets[person.userId]} loading={reassign.isPending && reassign.variables?.fromUserId === person.userId} onClick={() => handOn(person.userId)}>
                    {t.team.reassign}
                  </Button>
                </span>
              </TD>
            </TR>
          ))}
        </TBody>
      </Table>
    </Card>
  );
}
