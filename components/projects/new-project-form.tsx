"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useFieldErrors } from "~/lib/forms/use-field-errors";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { FormError } from "../ui/form-error";
import { useToast } from "../ui/toast";
import { ProjectFormFields } from "./project-form-fields";
import { EMPTY_PROJECT_FORM, projectBodyFrom, type ProjectFormValues } from "./project-form-values";

export function NewProjectForm() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ProjectFormValues>(EMPTY_PROJECT_FORM);
  const create = useMutation(
    trpc.projects.create.mutationOptions({
      onSuccess: async (project) => {
        await queryClient.invalidateQueries({ queryKey: trpc.projects.list.pathKey() });
        toast.success(t.projects.created);
        router.push(`/projects/${project.id}`);
      },
    }),
  );
  const { errors, hasErrors, track } = useFieldErrors(create.error);
  const generalError = create.error && !hasErrors ? errorMessageOf(create.error, t.common.somethingWrong) : null;
  return (
    <Card>
      <form
        noValidate
        className="p-6"
        onSubmit={(event) => {
          event.preventDefault();
          const body = Object.fromEntries(Object.entries(projectBodyFrom(values)).filter(([, value]) => value !== null));
          create.mutate(body as { name: string });
        }}
      >
        {generalError && <FormError message={generalError} className="mb-4" />}
        <ProjectFormFields values={values} onChange={track(setValues, values)} errors={errors} />
        <div className="mt-6 flex justify-end gap-2 border-t border-line pt-4">
          <Button variant="secondary" onClick={() => router.back()}>
            {t.common.cancel}
          </Button>
          <Button type="submit" loading={create.isPending || create.isSuccess}>
            {t.projects.newProject}
          </Button>
        </div>
      </form>
    </Card>
  );
}
