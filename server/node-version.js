// Imported first by server.js, in plain JavaScript so that an older Node can run it: the rest of
// the server is TypeScript, which only the project's Node runs as it is (type stripping). Without
// this check, `node server.js` on the machine's older Node dies with ERR_UNKNOWN_FILE_EXTENSION.
import crypto from "node:crypto";
import fs from "node:fs";

const packageJson = JSON.parse(fs.readFileSync(new URL("../package.json", import.meta.url), "utf8"));
/** The Node the project brings as its `node` devDependency, which `npm start` and `npx` run. */
const projectNode = packageJson.devDependencies.node;
const majorOf = (version) => Number(version.replace(/^v/, "").split(".")[0]);

if (majorOf(process.version) < majorOf(projectNode)) {
  console.error(
    `A Loja Escolar precisa do Node ${majorOf(projectNode)} ou mais novo (este é o ${process.versions.node}): ` +
      `rode \`npm start\`, que usa o Node ${projectNode} instalado com o projeto (npm install).`,
  );
  process.exit(1);
}

// Passwords are hashed with node:crypto's Argon2id (db/passwords.ts, decision 0088), new in 24.7.
if (typeof crypto.argon2 !== "function") {
  console.error(
    `A Loja Escolar precisa do Node 24.7 ou mais novo, com o Argon2id do node:crypto (este é o ${process.versions.node}): ` +
      `rode \`npm start\`, que usa o Node ${projectNode} instalado com o projeto (npm install).`,
  );
  process.exit(1);
}
