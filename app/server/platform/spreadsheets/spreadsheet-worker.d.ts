// scripts/build/spreadsheet-worker-plugin.ts: the built worker's URL, or null when running from the sources.
declare module "virtual:spreadsheet-worker" {
  const url: string | null;
  export default url;
}
