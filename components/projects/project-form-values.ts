import type { Project } from "./project-presentation";

/** The project form's controls as text; turned into the API body on submit (the server's schemas judge it). */
export const PROJECT_TEXT_FIELDS = ["name", "promotora", "city", "state", "country", "address", "description", "image"] as const;
export const PROJECT_NUMBER_FIELDS = ["salePrice", "rentPrice", "bedrooms", "bathrooms", "parkingSpots", "builtArea", "lotArea"] as const;

type TextField = (typeof PROJECT_TEXT_FIELDS)[number];
type NumberField = (typeof PROJECT_NUMBER_FIELDS)[number];

export type ProjectFormValues = Record<TextField | NumberField, string> & {
  type: string;
  operationType: string;
  currency: string;
  status: "draft" | "published" | "archived";
};

export const EMPTY_PROJECT_FORM: ProjectFormValues = {
  name: "",
  promotora: "",
  city: "",
  state: "",
  country: "",
  address: "",
  description: "",
  image: "",
  salePrice: "",
  rentPrice: "",
  bedrooms: "",
  bathrooms: "",
  parkingSpots: "",
  builtArea: "",
  lotArea: "",
  type: "",
  operationType: "",
  currency: "USD",
  status: "draft",
};

export function formFromProject(project: Project): ProjectFormValues {
  const values = { ...EMPTY_PROJECT_FORM, type: project.type ?? "", operationType: project.operationType ?? "", currency: project.currency, status: project.status };
  for (const field of PROJECT_TEXT_FIELDS) values[field] = project[field] ?? "";
  for (const field of PROJECT_NUMBER_FIELDS) values[field] = project[field] === null ? "" : String(project[field]);
  return values;
}

export function projectBodyFrom(values: ProjectFormValues) {
  const body: Record<string, unknown> = {
    type: values.type || null,
    operationType: values.operationType || null,
    currency: values.currency,
    status: values.status,
  };
  for (const field of PROJECT_TEXT_FIELDS) body[field] = values[field].trim() === "" ? null : values[field];
  for (const field of PROJECT_NUMBER_FIELDS) body[field] = values[field].trim() === "" ? null : Number(values[field]);
  // The name is never null: an empty one is sent as "" so the server names the field.
  body.name = values.name;
  return body;
}
