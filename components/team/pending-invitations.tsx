"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MemberRole } from "~/server/auth/roles";
import { useState } from "react";
import { formatDate } from "~/lib/format/dates";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { SecretValue } from "../ui/copy-button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { Dialog } from "../ui/dialog";
import { EmptyState } from "../ui/empty-state";
import { ListQueryStates } from "../ui/list-query-states";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { useToast } from "../ui/toast";

/** Open invitations with resend (a new link, 7 more days) and revoke. */
export function PendingInvitations({ yourRole }: { yourRole: MemberRole }) {
  const { t, dates } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const invitations = useQuery(trpc.team.invitations.list.queryOptions());
  const [revoking, setRevoking] = useState<{ id: string; email: string } | null>(null);
  const [copyLink, setCopyLink] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.team.invitations.list.queryKey() });
  const onError = (error: unknown) => toast.error(errorMessageOf(error, t.common.somethingWrong));
  const resend = useMutation(
    trpc.team.invitations.resend.mutationOptions({
      onSuccess: async (sent) => {
        await refresh();
        if (sent.inviteUrl) setCopyLink(sent.inviteUrl);
        else toast.success(t.team.resent);
      },
      onError,
    }),
  );
  const revoke = useMutation(
    trpc.team.invitations.revoke.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast.success(t.team.revoked);
        setRevoking(null);
      },
      onError,
    }),
  );
  const c = t.settings.memberColumns;

  return (
    <Card>
      <CardHeader title={t.team.pendingTitle} description={t.team.pendingSubtitle} />
      <ListQueryStates query={invitations} empty={<EmptyState title={t.team.noPending} />}>
        {(page) => (
          <Table label={t.team.pendingTitle}>
            <THead>
              <tr>
                <TH>{c.email}</TH>
                <TH>{c.role}</TH>
                <TH>{t.team.expires}</TH>
                <TH className="w-0">
                  <span className="sr-only">{t.mobile.actions}</span>
                </TH>
              </tr>
            </THead>
            <TBody>
              {page.data.map((invitation) => {
                const mayManage = invitation.role !== "owner" || yourRole === "owner";
                return (
                  <TR key={invitation.id}>
                    <TD className="font-medium">
                      {invitation.email}
                      {invitation.invitedBy && <p className="text-xs font-normal text-ink-muted">{t.team.invitedBy(invitation.invitedBy.name)}</p>}
                    </TD>
                    <TD label={c.role}>{t.roles[invitation.role]}</TD>
                    <TD label={t.team.expires} className="whitespace-nowrap text-ink-muted">
                      {invitation.status === "expired" ? <Badge tone="warning">{t.team.expired}</Badge> : formatDate(invitation.expiresAt, dates)}
                    </TD>
                    <TD actions>
                      {mayManage && (
                        <span className="flex gap-1">
                          <Button variant="ghost" size="sm" loading={resend.isPending && resend.variables?.id === invitation.id} onClick={() => resend.mutate({ id: invitation.id })}>
                            {t.team.resend}
                          </Button>
                          <Button variant="danger-ghost" size="sm" onClick={() => setRevoking({ id: invitation.id, email: invitation.email })}>
                            {t.team.revoke}
                          </Button>
                        </span>
                      )}
                    </TD>
                  </TR>
                );
              })}
            </TBody>
          </Table>
        )}
      </ListQueryStates>
      <ConfirmDialog
        open={revoking !== null}
        title={t.team.revokeTitle}
        body={revoking ? t.team.revokeBody(revoking.email) : ""}
        confirmLabel={t.team.revoke}
        cancelLabel={t.common.cancel}
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id })}
        onClose={() => setRevoking(null)}
      />
      <Dialog open={copyLink !== null} onClose={() => setCopyLink(null)} title={t.team.copyLinkTitle} footer={<Button onClick={() => setCopyLink(null)}>{t.common.close}</Button>}>
        <p className="mb-3 text-sm text-ink-muted">{t.team.copyLinkBody}</p>
        {copyLink && <SecretValue value={copyLink} label={t.common.copy} copiedLabel={t.common.copied} testId="invite-link" />}
      </Dialog>
    </Card>
  );
}
