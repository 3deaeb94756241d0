"use client";

import { useI18n } from "~/lib/i18n/i18n-provider";
import { COMMUNICATION_DIRECTIONS, type CommunicationDirection } from "~/server/leads/lead-enums";
import { Field, Select } from "../ui/input";

/** Inbound or outbound: the direction of a logged communication. */
export function DirectionField({
  name,
  value,
  onChange,
  className,
}: {
  name: string;
  value: CommunicationDirection;
  onChange: (direction: CommunicationDirection) => void;
  className?: string;
}) {
  const { t } = useI18n();
  return (
    <Field label={t.leads.direction} className={className}>
      {(props) => (
        <Select {...props} name={name} value={value} onChange={(event) => onChange(event.target.value as CommunicationDirection)}>
          {COMMUNICATION_DIRECTIONS.map((direction) => (
            <option key={direction} value={direction}>
              {t.direction[direction]}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
