/** The sequence form's state and the request body it becomes (criteria and throttle are always sent whole). */
export interface SequenceFormValues {
  name: string;
  statuses: string[];
  stageIds: string[];
  sources: string[];
  minScore: string;
  maxPerMinute: string;
  businessHoursStart: string;
  businessHoursEnd: string;
  timezone: string;
  weekdays: number[];
}

export interface SequenceLike {
  name: string;
  criteria: { statuses?: string[]; stageIds?: string[]; sources?: string[]; minScore?: number };
  throttle: { maxPerMinute: number; businessHoursStart: string; businessHoursEnd: string; timezone: string; weekdays: number[] };
}

export function newSequenceValues(timezone: string | null): SequenceFormValues {
  return {
    name: "",
    statuses: [],
    stageIds: [],
    sources: [],
    minScore: "",
    maxPerMinute: "10",
    businessHoursStart: "09:00",
    businessHoursEnd: "18:00",
    timezone: timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    weekdays: [1, 2, 3, 4, 5],
  };
}

export function valuesOf(sequence: SequenceLike): SequenceFormValues {
  return {
    name: sequence.name,
    statuses: sequence.criteria.statuses ?? [],
    stageIds: sequence.criteria.stageIds ?? [],
    sources: sequence.criteria.sources ?? [],
    minScore: sequence.criteria.minScore === undefined ? "" : String(sequence.criteria.minScore),
    maxPerMinute: String(sequence.throttle.maxPerMinute),
    businessHoursStart: sequence.throttle.businessHoursStart,
    businessHoursEnd: sequence.throttle.businessHoursEnd,
    timezone: sequence.throttle.timezone,
    weekdays: sequence.throttle.weekdays,
  };
}

// The enums are checked by the server; the form only offers their values.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function criteriaOf(values: SequenceFormValues): any {
  return {
    ...(values.statuses.length ? { statuses: values.statuses } : {}),
    ...(values.stageIds.length ? { stageIds: values.stageIds } : {}),
    ...(values.sources.length ? { sources: values.sources } : {}),
    ...(values.minScore.trim() !== "" ? { minScore: Number(values.minScore) } : {}),
  };
}

export function throttleOf(values: SequenceFormValues) {
  return {
    maxPerMinute: Number(values.maxPerMinute),
    businessHoursStart: values.businessHoursStart,
    businessHoursEnd: values.businessHoursEnd,
    timezone: values.timezone,
    weekdays: [...values.weekdays].sort((a, b) => a - b),
  };
}

export function toggle<T>(list: T[], value: T): T[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}
