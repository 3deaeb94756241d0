"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { PlusIcon } from "../shell/icons";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { EmptyState } from "../ui/empty-state";
import { ListQueryStates } from "../ui/list-query-states";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { useToast } from "../ui/toast";
import { TeamDialog, type EditedTeam } from "./team-dialog";

/**
 * Settings → Teams: each team with its leads and members, to create, edit
 * and delete (owners and admins). With lead visibility "own", a team lead
 * sees the leads of the team's members.
 */
export function TeamsPanel() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const teams = useQuery(trpc.teams.list.queryOptions());
  // The dialog is keyed by the team it edits, so its form starts from that team each time it opens.
  const [editing, setEditing] = useState<{ key: string; team: EditedTeam | null } | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  const remove = useMutation(
    trpc.teams.delete.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.teams.list.queryKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.members.list.queryKey() });
        toast.success(t.teams.deleted);
        setDeleting(null);
      },
      onError: (error) => toast.error(errorMessageOf(error, t.common.somethingWrong)),
    }),
  );
  const names = (people: { name: string }[]) => people.map((person) => person.name).join(", ") || "—";

  return (
    <Card>
      <CardHeader
        title={t.teams.title}
        description={t.teams.subtitle}
        actions={
          <Button onClick={() => setEditing({ key: `new-${Date.now()}`, team: null })}>
            <PlusIcon /> {t.teams.newTeam}
          </Button>
        }
      />
      <ListQueryStates query={teams} empty={<EmptyState title={t.teams.none} description={t.teams.noneHint} />}>
        {(page) => (
          <Table label={t.teams.title}>
            <THead>
              <tr>
                <TH>{t.teams.name}</TH>
                <TH>{t.teams.leads}</TH>
                <TH>{t.teams.members}</TH>
                <TH className="w-0">
                  <span className="sr-only">{t.mobile.actions}</span>
                </TH>
              </tr>
            </THead>
            <TBody>
              {page.data.map((team) => (
                <TR key={team.id}>
                  <TD className="font-medium">{team.name}</TD>
                  <TD label={t.teams.leads}>{names(team.members.filter((member) => member.isLead))}</TD>
                  <TD label={t.teams.members} className="text-ink-muted">
                    {names(team.members.filter((member) => !member.isLead))}
                  </TD>
                  <TD actions>
                    <span className="flex gap-1">
                      <Button variant="ghost" size="sm" onClick={() => setEditing({ key: `${team.id}-${team.updatedAt}`, team })}>
                        {t.teams.edit}
                      </Button>
                      <Button variant="danger-ghost" size="sm" onClick={() => setDeleting({ id: team.id, name: team.name })}>
                        {t.teams.delete}
                      </Button>
                    </span>
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        )}
      </ListQueryStates>
      {editing && <TeamDialog key={editing.key} open team={editing.team} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? t.teams.deleteTitle(deleting.name) : ""}
        body={t.teams.deleteBody}
        confirmLabel={t.teams.delete}
        cancelLabel={t.common.cancel}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ teamId: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}
