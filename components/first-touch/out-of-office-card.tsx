"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf, fieldErrorsOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { Field, Input } from "../ui/input";
import { LoadingBlock } from "../ui/spinner";
import { useToast } from "../ui/toast";

/** A member's out-of-office dates on their profile: round robin pools pass them over on those days. */
export function OutOfOfficeCard() {
  const { t } = useI18n();
  const o = t.outOfOffice;
  return (
    <Card data-testid="out-of-office">
      <CardHeader title={o.title} description={o.subtitle} />
      <OutOfOfficeDates className="p-5" />
    </Card>
  );
}

/**
 * The dates form: the caller's own, or (`userId`, owners and admins, from
 * Settings → Members) another member's, through the same rule and door.
 */
export function OutOfOfficeDates({ userId, className }: { userId?: string; className?: string }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const dates = useQuery(trpc.team.members.outOfOffice.queryOptions({ userId }));
  if (dates.isPending) return <LoadingBlock label={t.common.loading} />;
  if (dates.isError) return <p className="text-sm text-danger">{errorMessageOf(dates.error, t.common.somethingWrong)}</p>;
  return <OutOfOfficeForm key={`${dates.data.from}-${dates.data.until}`} userId={userId} from={dates.data.from} until={dates.data.until} className={className} />;
}

function OutOfOfficeForm(props: { userId?: string; from: string | null; until: string | null; className?: string }) {
  const { t } = useI18n();
  const o = t.outOfOffice;
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [from, setFrom] = useState(props.from ?? "");
  const [until, setUntil] = useState(props.until ?? "");
  const save = useMutation(
    trpc.team.members.setOutOfOffice.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.team.members.outOfOffice.queryFilter());
        toast.success(o.saved);
      },
      // A refused date is told under its field; anything else in a toast.
      onError: (error) => {
        if (Object.keys(fieldErrorsOf(error)).length === 0) toast.error(errorMessageOf(error, t.common.somethingWrong));
      },
    }),
  );
  const errors = fieldErrorsOf(save.error);
  const userId = props.userId;
  return (
    <form
      noValidate
      className={`flex flex-col gap-4 ${props.className ?? ""}`}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ userId, from: from || null, until: until || null });
      }}
    >
      <div className="flex flex-wrap gap-4">
        <Field label={o.from} error={errors.from}>{(fieldProps) => <Input {...fieldProps} type="date" className="w-44" value={from} onChange={(e) => setFrom(e.target.value)} />}</Field>
        <Field label={o.until} error={errors.until}>{(fieldProps) => <Input {...fieldProps} type="date" className="w-44" value={until} onChange={(e) => setUntil(e.target.value)} />}</Field>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={save.isPending}>
          {t.common.save}
        </Button>
        {(props.from || props.until) && (
          <Button type="button" variant="secondary" onClick={() => save.mutate({ userId, from: null, until: null })}>
            {userId ? o.clearOther : o.clear}
          </Button>
        )}
      </div>
    </form>
  );
}
