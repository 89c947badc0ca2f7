// The operator's commands from the production build: `node cli.js <command>` (see server/cli.ts), e.g.
//   node cli.js admin:create --email ana@academia.cl --password '…'
// Like server.js it needs only the build and the production dependencies.
process.env.NODE_ENV ||= "production";
const BUILD_DIR = process.env.BUILD_DIR || "build";

let cli;
try {
  cli = await import(`./${BUILD_DIR}/server/cli.js`);
} catch (error) {
  if (error?.code !== "ERR_MODULE_NOT_FOUND" || !String(error.message).includes(`${BUILD_DIR}/server/cli.js`)) throw error;
  console.error(`No production build in ${BUILD_DIR}/: run \`npm run build\` first.`);
  process.exit(1);
}
process.exit(await cli.main(process.argv.slice(2)));
