"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MemberRole } from "~/server/auth/roles";
import { useState } from "react";
import { formatDate } from "~/lib/format/dates";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { PlusIcon } from "../shell/icons";
import { FormerAssignees } from "../team/former-assignees";
import { InviteDialog } from "../team/invite-dialog";
import { MemberVerificationButton } from "../team/member-verification-button";
import { PendingInvitations } from "../team/pending-invitations";
import { RemoveMemberDialog, type RemovalTarget } from "../team/remove-member-dialog";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { Dialog } from "../ui/dialog";
import { OutOfOfficeDates } from "../first-touch/out-of-office-card";
import { EmptyState } from "../ui/empty-state";
import { Select } from "../ui/input";
import { LoadingBlock } from "../ui/spinner";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { useToast } from "../ui/toast";

type Role = MemberRole;

/**
 * Settings → Members: the members with their role (changeable), their
 * assigned leads and a remove action; invitations; and leads still assigned
 * to people who left. Owners can act on everyone; admins on admins and
 * members (the server enforces the same, and keeps at least one owner).
 * An unconfirmed address is marked, with a confirmation link to send (or,
 * without outgoing email, `mailConfigured` false, to copy).
 */
export function MembersTable({ mailConfigured }: { mailConfigured: boolean }) {
  const { t, dates } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const overview = useQuery({ ...trpc.team.overview.queryOptions(), staleTime: 0, refetchOnMount: "always" });
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<RemovalTarget | null>(null);
  const [away, setAway] = useState<{ userId: string; name: string } | null>(null);
  const changeRole = useMutation(
    trpc.team.members.changeRole.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.team.overview.queryKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.members.list.queryKey() });
        toast.success(t.team.roleChanged);
      },
      onError: (error) => toast.error(errorMessageOf(error, t.common.somethingWrong)),
    }),
  );
  const c = t.settings.memberColumns;
  const yourRole = overview.data?.yourRole ?? "member";
  const mayTouch = (role: Role) => yourRole === "owner" || (yourRole === "admin" && role !== "owner");
  const people = overview.data?.members.map((member) => ({ userId: member.user.id, name: member.user.name })) ?? [];

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader
          title={t.settings.members}
          description={t.settings.membersSubtitle}
          actions={
            <Button onClick={() => setInviting(true)}>
              <PlusIcon /> {t.team.invite}
            </Button>
          }
        />
        {overview.isPending ? (
          <LoadingBlock label={t.common.loading} />
        ) : overview.isError ? (
          <EmptyState title={t.common.somethingWrong} />
        ) : (
          <Table label={t.settings.members}>
            <THead>
              <tr>
                <TH>{c.name}</TH>
                <TH>{c.email}</TH>
                <TH>{c.role}</TH>
                <TH>{t.teams.title}</TH>
                <TH>{t.team.leads}</TH>
                <TH>{c.since}</TH>
                <TH className="w-0">
                  <span className="sr-only">{t.mobile.actions}</span>
                </TH>
              </tr>
            </THead>
            <TBody>
              {overview.data.members.map((member) => {
                const you = member.user.id === overview.data.yourUserId;
                const confirmable = !member.emailVerified && !you;
                return (
                  <TR key={member.id}>
                    <TD className="font-medium">
                      {member.user.name}
                      {you && <span className="ml-1 font-normal text-ink-muted">({t.team.you})</span>}
                    </TD>
                    <TD label={c.email} className="text-ink-muted">
                      {member.user.email}
                      {!member.emailVerified && (
                        <Badge tone="warning" className="ml-1.5">
                          {t.team.unconfirmed}
                        </Badge>
                      )}
                    </TD>
                    <TD label={c.role}>
                      {mayTouch(member.role) ? (
                        <Select
                          aria-label={t.team.changeRole(member.user.name)}
                          value={member.role}
                          disabled={changeRole.isPending}
                          onChange={(e) => changeRole.mutate({ membershipId: member.id, role: e.target.value as Role })}
                        >
                          <option value="member">{t.roles.member}</option>
                          <option value="admin">{t.roles.admin}</option>
                          {yourRole === "owner" && <option value="owner">{t.roles.owner}</option>}
                        </Select>
                      ) : (
                        <Badge tone={member.role === "member" ? "neutral" : "accent"}>{t.roles[member.role]}</Badge>
                      )}
                    </TD>
                    <TD label={t.teams.title} className="text-ink-muted">
                      {member.team ? `${member.team.name}${member.team.isLead ? ` · ${t.teams.places.lead}` : ""}` : "—"}
                    </TD>
                    <TD label={t.team.leads} className="text-ink-muted">{member.assignedLeads}</TD>
                    <TD label={c.since} className="text-ink-muted">{formatDate(member.createdAt, dates)}</TD>
                    <TD actions>
                      {(confirmable || mayTouch(member.role)) && (
                        <span className="flex flex-wrap justify-end gap-1">
                          {confirmable && <MemberVerificationButton membershipId={member.id} name={member.user.name} mailConfigured={mailConfigured} />}
                          {mayTouch(member.role) && (
                            <Button variant="ghost" size="sm" onClick={() => setAway({ userId: member.user.id, name: member.user.name })}>
                              {t.outOfOffice.action}
                            </Button>
                          )}
                          {mayTouch(member.role) && (
                            <Button
                              variant="danger-ghost"
                              size="sm"
                              onClick={() =>
                                setRemoving({ membershipId: member.id, userId: member.user.id, name: member.user.name, assignedLeads: member.assignedLeads })
                              }
                            >
                              {t.team.remove}
                            </Button>
                          )}
                        </span>
                      )}
                    </TD>
                  </TR>
                );
              })}
            </TBody>
          </Table>
        )}
      </Card>
      {overview.data && <PendingInvitations yourRole={yourRole} />}
      {overview.data && <FormerAssignees former={overview.data.formerAssignees} members={people} />}
      <InviteDialog open={inviting} onClose={() => setInviting(false)} canInviteOwners={yourRole === "owner"} />
      <Dialog open={away !== null} onClose={() => setAway(null)} title={away ? t.outOfOffice.dialogTitle(away.name) : ""} description={t.outOfOffice.dialogSubtitle}>
        {away && <OutOfOfficeDates key={away.userId} userId={away.userId} />}
      </Dialog>
      <RemoveMemberDialog target={removing} colleagues={people.filter((person) => person.userId !== removing?.userId)} onClose={() => setRemoving(null)} />
    </div>
  );
}
