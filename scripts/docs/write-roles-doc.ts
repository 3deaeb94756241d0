import { writeFileSync } from "node:fs";
import path from "node:path";
import { accessMatrix, declaredProcedures, renderRolesDocument } from "../../server/api/access-matrix";
import { appRouter } from "../../server/api/root";

/** Writes docs/roles.md from the procedures' declarations (`npm run docs:roles`). */
const target = path.resolve(import.meta.dirname, "../../docs/roles.md");
writeFileSync(target, renderRolesDocument(accessMatrix(declaredProcedures(appRouter))));
console.log(`wrote ${path.relative(process.cwd(), target)}`);
