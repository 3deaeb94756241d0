import { z } from "zod";
import { changeSetSchema, leadSchema } from "../../api/routers/leads/lead.types";
import { projectSchema, unitSchema } from "../../api/routers/projects/project.types";
import { UNIT_STATUSES } from "../../projects/catalog-values";

/**
 * `data` of the project.* and unit.* events: the project and the unit in the
 * shapes the API returns (the project as listed, without its units; the unit
 * with its `projectId`). unit.* also carry the parent project.
 */

const project = projectSchema.describe("The project as `GET /projects` lists it (without its units), after the write");
const parentProject = projectSchema.describe("The unit's project as `GET /projects` lists it, after the write");
const unit = unitSchema.describe("The unit as `GET /projects/{projectId}/units` lists it, after the write");

export const projectCreatedData = z.object({ project }).describe("A project was created (`POST /projects`).");

const changes = (what: string) =>
  changeSetSchema.describe(
    `\`{field: {from, to}}\` for exactly the ${what}'s fields the write changed, in API values (as \`GET\` answers them; ` +
      "`updatedAt` left out); `{}` when nothing changed",
  );

export const projectUpdatedData = z
  .object({ project, changes: changes("project") })
  .describe("A project was changed (`PUT /projects/{projectId}`); sent for every update, even one that changed nothing.");

export const projectDeletedData = z
  .object({ project: projectSchema.describe("The project as it was before `DELETE /projects/{projectId}`") })
  .describe("A project was deleted, with its units.");

export const unitCreatedData = z
  .object({ unit, project: parentProject })
  .describe("A unit was created (`POST /projects/{projectId}/units`, or in `units[]` of `POST /projects`).");

export const unitUpdatedData = z
  .object({ unit, project: parentProject, changes: changes("unit") })
  .describe("A unit was changed (`PATCH /projects/{projectId}/units/{unitId}`); sent for every update.");

export const unitStatusChangedData = z
  .object({
    unit,
    project: parentProject,
    previousStatus: z.enum(UNIT_STATUSES).describe("The unit's status before the write"),
    lead: leadSchema
      .nullable()
      .optional()
      .describe(
        "Extension: the lead who reserved or bought the unit (`unit.leadId`), as `GET /leads/{leadId}` returns it; on a " +
          "release, the lead that held it; absent or null when no lead was named",
      ),
  })
  .describe("A unit's `status` changed (sent beside `unit.updated`).");
