"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf, fieldErrorsOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Button } from "../ui/button";
import { Card, CardHeader, PageHeader } from "../ui/card";
import { FormError } from "../ui/form-error";
import { Checkbox, Field, Input, Select } from "../ui/input";
import { useToast } from "../ui/toast";
import { ConnectionsEditor } from "./connections-editor";
import { formFromPool, NEW_POOL, poolBodyFrom, type PoolFormValues } from "./pool-form-values";
import type { Pool } from "./pool-presentation";
import { ParticipantsOrderList } from "./participants-order-list";

/** Create or edit a pool: settings, the rotation order and the connections, saved in one request. */
export function PoolForm({ pool }: { pool?: Pool }) {
  const { t } = useI18n();
  const r = t.routing;
  const trpc = useTRPC();
  const toast = useToast();
  const router = useRouter();
  const queryClient = useQueryClient();
  const members = useQuery(trpc.members.list.queryOptions());
  const initial = pool ? formFromPool(pool) : NEW_POOL;
  const [values, setValues] = useState<PoolFormValues>(initial);
  const set = <K extends keyof PoolFormValues>(key: K, value: PoolFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  const onDone = async (id: string, message: string) => {
    await queryClient.invalidateQueries({ queryKey: trpc.roundRobin.pathKey() });
    toast.success(message);
    router.push(`/routing/${id}`);
  };
  const create = useMutation(trpc.roundRobin.create.mutationOptions({ onSuccess: (created) => onDone(created.id, r.created) }));
  const update = useMutation(trpc.roundRobin.update.mutationOptions({ onSuccess: () => onDone(pool!.id, r.saved) }));
  const error = create.error ?? update.error;
  const errors = fieldErrorsOf(error);
  const generalError = error && Object.keys(errors).length === 0 ? errorMessageOf(error, t.common.somethingWrong) : null;
  const memberOptions = (members.data?.data ?? []).map((m) => ({ userId: m.user.id, name: m.user.name, email: m.user.email, image: m.user.image }));

  function submit() {
    const body = poolBodyFrom(values, pool ? initial : undefined);
    if (pool) update.mutate({ roundRobinId: pool.id, ...body });
    else create.mutate({ ...body, participantIds: values.participantIds });
  }

  return (
    <>
      <PageHeader title={pool ? r.editPool : r.newPool} />
      <form
        noValidate
        className="flex flex-col gap-6"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Card>
          <CardHeader title={r.poolDetails} />
          <div className="grid grid-cols-1 gap-4 p-5 sm:grid-cols-2">
            <Field label={r.fields.name} error={errors.name} className="sm:col-span-2">
              {(props) => <Input {...props} value={values.name} maxLength={200} onChange={(e) => set("name", e.target.value)} required />}
            </Field>
            <Field label={r.fields.follower} error={errors.followerUserId} optional={t.common.optional}>
              {(props) => (
                <Select {...props} value={values.followerUserId} onChange={(e) => set("followerUserId", e.target.value)}>
                  <option value="">{r.fields.noFollower}</option>
                  {memberOptions.map((m) => (
                    <option key={m.userId} value={m.userId}>
                      {m.name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <div className="grid grid-cols-2 gap-4">
              <Field label={r.fields.goalTotalDeals} error={errors.goalTotalDeals} optional={t.common.optional}>
                {(props) => <Input {...props} type="number" inputMode="numeric" min={0} value={values.goalTotalDeals} onChange={(e) => set("goalTotalDeals", e.target.value)} />}
              </Field>
              <Field label={r.fields.goalWonDeals} error={errors.goalWonDeals} optional={t.common.optional}>
                {(props) => <Input {...props} type="number" inputMode="numeric" min={0} value={values.goalWonDeals} onChange={(e) => set("goalWonDeals", e.target.value)} />}
              </Field>
            </div>
            <div className="flex flex-col gap-1 sm:col-span-2">
              <Checkbox label={r.fields.isActive} checked={values.isActive} onChange={(e) => set("isActive", e.target.checked)} />
              <Checkbox label={r.fields.assignInboundLeads} checked={values.assignInboundLeads} onChange={(e) => set("assignInboundLeads", e.target.checked)} />
              <Checkbox label={r.fields.assignManualLeads} checked={values.assignManualLeads} onChange={(e) => set("assignManualLeads", e.target.checked)} />
              <Checkbox label={r.fields.emailNotificationsEnabled} checked={values.emailNotificationsEnabled} onChange={(e) => set("emailNotificationsEnabled", e.target.checked)} />
            </div>
          </div>
        </Card>
        <Card>
          <CardHeader title={r.fields.participants} />
          <div className="p-5">
            <ParticipantsOrderList members={memberOptions} value={values.participantIds} onChange={(next) => set("participantIds", next)} error={errors.participantIds} />
          </div>
        </Card>
        <Card>
          <CardHeader title={r.fields.connections} description={r.fields.connectionsHint} />
          <div className="p-5">
            <ConnectionsEditor value={values.connections} onChange={(next) => set("connections", next)} errors={errors} />
          </div>
        </Card>
        {generalError && <FormError message={generalError} />}
        <div className="flex justify-end gap-3">
          <Button type="button" variant="secondary" onClick={() => router.back()}>
            {t.common.cancel}
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {pool ? t.common.save : t.common.create}
          </Button>
        </div>
      </form>
    </>
  );
}
