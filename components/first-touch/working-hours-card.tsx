"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { Checkbox } from "../ui/input";
import { LoadingBlock } from "../ui/spinner";
import { useToast } from "../ui/toast";
import { DEFAULT_WORKING_HOURS, WorkingHoursFields, type WorkingHoursValue } from "./working-hours-fields";

/** A member's own working hours on their profile: the first-touch clock of their leads runs only inside them. */
export function WorkingHoursCard() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const hours = useQuery(trpc.team.members.workingHours.queryOptions({}));
  if (hours.isPending) return <LoadingBlock label={t.common.loading} />;
  if (hours.isError) return null;
  return <WorkingHoursForm own={hours.data.own} organization={hours.data.organization} />;
}

function WorkingHoursForm({ own, organization }: { own: WorkingHoursValue | null; organization: WorkingHoursValue | null }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [custom, setCustom] = useState(own !== null);
  const [value, setValue] = useState<WorkingHoursValue>(own ?? organization ?? DEFAULT_WORKING_HOURS);
  const save = useMutation(
    trpc.team.members.setWorkingHours.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries(trpc.team.members.workingHours.queryFilter());
        toast.success(t.workingHours.saved);
      },
      onError: (error) => toast.error(errorMessageOf(error, t.common.somethingWrong)),
    }),
  );
  const h = t.workingHours;
  return (
    <Card>
      <CardHeader title={h.title} description={h.subtitle} />
      <form
        noValidate
        className="flex flex-col gap-4 p-5"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ workingHours: custom ? value : null });
        }}
      >
        <Checkbox label={h.ownHours} checked={custom} onChange={(e) => setCustom(e.target.checked)} />
        {custom ? (
          <WorkingHoursFields value={value} onChange={setValue} />
        ) : (
          <p className="text-sm text-ink-muted">{organization ? h.organizationHours(organization.start, organization.end) : h.noHours}</p>
        )}
        <div>
          <Button type="submit" loading={save.isPending}>
            {t.common.save}
          </Button>
        </div>
      </form>
    </Card>
  );
}
