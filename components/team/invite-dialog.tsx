"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MemberRole } from "~/server/auth/roles";
import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useFieldErrors } from "~/lib/forms/use-field-errors";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Button } from "../ui/button";
import { SecretValue } from "../ui/copy-button";
import { Dialog } from "../ui/dialog";
import { FormDialog } from "../ui/form-dialog";
import { Field, Input, Select } from "../ui/input";
import { useToast } from "../ui/toast";

type Role = MemberRole;

/**
 * Invite by email with a role. When the server cannot send email, the
 * answer carries the link instead, shown here to copy (this once: only its
 * hash is stored).
 */
export function InviteDialog({ open, onClose, canInviteOwners }: { open: boolean; onClose: () => void; canInviteOwners: boolean }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("member");
  const create = useMutation(
    trpc.team.invitations.create.mutationOptions({
      onSuccess: async (sent) => {
        await queryClient.invalidateQueries({ queryKey: trpc.team.invitations.list.queryKey() });
        if (!sent.inviteUrl) {
          toast.success(t.team.invited(sent.invitation.email));
          close();
        }
      },
    }),
  );
  const { errors, hasErrors, markEdited } = useFieldErrors(create.error);
  const generalError = create.error && !hasErrors ? errorMessageOf(create.error, t.common.somethingWrong) : null;

  function close() {
    setEmail("");
    setRole("member");
    create.reset();
    onClose();
  }

  if (create.data?.inviteUrl) {
    return (
      <Dialog open={open} onClose={close} title={t.team.copyLinkTitle} footer={<Button onClick={close}>{t.common.close}</Button>}>
        <p className="mb-3 text-sm text-ink-muted">{t.team.copyLinkBody}</p>
        <SecretValue value={create.data.inviteUrl} label={t.common.copy} copiedLabel={t.common.copied} testId="invite-link" />
      </Dialog>
    );
  }

  return (
    <FormDialog
      open={open}
      onClose={close}
      title={t.team.inviteTitle}
      formId="invite-member"
      submitLabel={t.team.sendInvite}
      pending={create.isPending}
      error={generalError}
      onSubmit={() => create.mutate({ email, role })}
      className="flex flex-col gap-4"
    >
      <Field label={t.team.inviteEmail} error={errors.email}>
        {(props) => (
          <Input {...props} type="email" name="email" autoComplete="off" value={email} onChange={(e) => (setEmail(e.target.value), markEdited("email"))} autoFocus />
        )}
      </Field>
      <Field label={t.team.inviteRole} hint={canInviteOwners ? undefined : t.team.inviteRoleHint} error={errors.role}>
        {(props) => (
          <Select {...props} name="role" value={role} onChange={(e) => (setRole(e.target.value as Role), markEdited("role"))}>
            <option value="member">{t.roles.member}</option>
            <option value="admin">{t.roles.admin}</option>
            {canInviteOwners && <option value="owner">{t.roles.owner}</option>}
          </Select>
        )}
      </Field>
    </FormDialog>
  );
}
