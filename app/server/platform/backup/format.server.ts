// What a backup file holds. The writer and the restorer share these names so an archive written by one
// version stays readable by the next (the manifest's version says when that stops being true).
export const FORMAT = "academia-backup";
export const FORMAT_VERSION = 1;
export const PGLITE_ENTRY = "db/pgdata.tar.gz";
export const POSTGRES_ENTRY = "db/postgres.dump";
export const MANIFEST_ENTRY = "manifest.json";

export interface BackupResult {
  file: string;
  bytes: number;
  files: number;
  database: "pglite" | "postgres";
  /** Where the files are when they are not in the backup (STORAGE=s3). */
  filesElsewhere?: string;
}

export interface BackupManifest {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  database: "pglite" | "postgres";
  pgliteVersion?: string;
  files: number;
  filesBytes: number;
  /** STORAGE=s3: the bucket that holds the files, which this backup does not. */
  filesElsewhere?: string;
}

/** UTC, sortable and safe in a file name: 20250301-031500. */
export function stamp(date: Date) {
  return date.toISOString().replace(/[-:]/g, "").replace("T", "-").replace(/\..*$/, "");
}
