/**
 * `npm run api-client:pack`: builds lib/api-client (TypeScript to ES modules
 * and declarations in lib/api-client/dist, with the generated schema.d.ts)
 * and packs it as an installable npm package, `inmo-api-client-<version>.tgz`,
 * in `.data/api-client/` (or the directory given as the first argument).
 * Install it with `npm install ./inmo-api-client-1.0.0.tgz`, or publish the
 * directory to a registry of your own. Prints the tarball's path.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const packageDir = path.join(root, "lib/api-client");
const destination = path.resolve(process.argv[2] ?? path.join(root, ".data/api-client"));

rmSync(path.join(packageDir, "dist"), { recursive: true, force: true });
execFileSync(process.execPath, [path.join(root, "node_modules/typescript/bin/tsc"), "-p", path.join(packageDir, "tsconfig.build.json")], {
  stdio: "inherit",
});
// tsc does not copy declaration files it reads: the generated API types travel beside the compiled code.
copyFileSync(path.join(packageDir, "schema.d.ts"), path.join(packageDir, "dist/schema.d.ts"));
mkdirSync(destination, { recursive: true });
const output = execFileSync("npm", ["pack", "--json", "--pack-destination", destination], { cwd: packageDir, encoding: "utf8" });
const [packed] = JSON.parse(output) as { filename: string }[];
if (!packed) throw new Error("npm pack wrote no tarball");
process.stdout.write(`${path.join(destination, packed.filename)}\n`);
