"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useFieldErrors } from "~/lib/forms/use-field-errors";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { FormDialog } from "../ui/form-dialog";
import { Field, Input, Select } from "../ui/input";
import { LoadingBlock } from "../ui/spinner";
import { useToast } from "../ui/toast";

type Place = "out" | "member" | "lead";

/** The team being edited (null: a new one). */
export interface EditedTeam {
  id: string;
  name: string;
  members: { userId: string; isLead: boolean }[];
}

/**
 * Create or edit a team: its name, and for each member of the organization
 * their place in it (not in it, member, team lead). Someone already in
 * another team cannot be picked (a member belongs to one team at most); the
 * server refuses it too.
 */
export function TeamDialog({ open, team, onClose }: { open: boolean; team: EditedTeam | null; onClose: () => void }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const members = useQuery({ ...trpc.members.list.queryOptions(), enabled: open });
  const [name, setName] = useState(team?.name ?? "");
  const [places, setPlaces] = useState<Record<string, Place>>(() =>
    Object.fromEntries((team?.members ?? []).map((member) => [member.userId, member.isLead ? "lead" : "member"])),
  );
  const done = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.teams.list.queryKey() });
    await queryClient.invalidateQueries({ queryKey: trpc.members.list.queryKey() });
    toast.success(team ? t.teams.saved : t.teams.created);
    onClose();
  };
  const create = useMutation(trpc.teams.create.mutationOptions({ onSuccess: done }));
  const update = useMutation(trpc.teams.update.mutationOptions({ onSuccess: done }));
  const mutation = team ? update : create;
  const { errors, hasErrors, markEdited } = useFieldErrors(mutation.error);
  const generalError = mutation.error && !hasErrors ? errorMessageOf(mutation.error, t.common.somethingWrong) : null;
  const peopleError = errors.leadUserIds ?? errors.memberUserIds;

  function submit() {
    const chosen = Object.entries(places);
    const body = {
      name,
      leadUserIds: chosen.filter(([, place]) => place === "lead").map(([userId]) => userId),
      memberUserIds: chosen.filter(([, place]) => place === "member").map(([userId]) => userId),
    };
    if (team) update.mutate({ teamId: team.id, ...body });
    else create.mutate(body);
  }

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={team ? t.teams.editTitle : t.teams.newTitle}
      formId="team-form"
      submitLabel={team ? t.common.save : t.teams.create}
      pending={mutation.isPending}
      error={generalError}
      onSubmit={submit}
      size="lg"
      className="flex flex-col gap-4"
    >
      <Field label={t.teams.name} error={errors.name}>
        {(props) => <Input {...props} name="name" value={name} autoComplete="off" onChange={(e) => (setName(e.target.value), markEdited("name"))} autoFocus />}
      </Field>
      <fieldset className="flex flex-col gap-2" aria-describedby={peopleError ? "team-people-error" : undefined}>
        <legend className="mb-1 text-[13px] font-medium">{t.teams.people}</legend>
        <p className="text-xs text-ink-muted">{t.teams.peopleHint}</p>
        {members.isPending ? (
          <LoadingBlock label={t.common.loading} />
        ) : (
          <ul className="flex flex-col divide-y divide-line rounded-lg border border-line">
            {(members.data?.data ?? []).map((member) => {
              const elsewhere = member.team && member.team.id !== team?.id ? member.team.name : null;
              return (
                <li key={member.user.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-medium">{member.user.name}</span>
                    <span className="block truncate text-xs text-ink-muted">{elsewhere ? t.teams.inOtherTeam(elsewhere) : member.user.email}</span>
                  </span>
                  <Select
                    aria-label={t.teams.placeOf(member.user.name)}
                    value={places[member.user.id] ?? "out"}
                    disabled={elsewhere !== null}
                    className="w-auto"
                    onChange={(e) => {
                      setPlaces({ ...places, [member.user.id]: e.target.value as Place });
                      markEdited("leadUserIds", "memberUserIds");
                    }}
                  >
                    <option value="out">{t.teams.places.out}</option>
                    <option value="member">{t.teams.places.member}</option>
                    <option value="lead">{t.teams.places.lead}</option>
                  </Select>
                </li>
              );
            })}
          </ul>
        )}
        {peopleError && (
          <p id="team-people-error" className="text-xs font-medium text-danger" data-field-error>
            {peopleError}
          </p>
        )}
      </fieldset>
    </FormDialog>
  );
}
