// How a question of the built-in catalogue names the lesson it comes from (content/README.md):
// the file stem of the lesson's material (files/07-rcp.pdf → "07-rcp") or of its Markdown body.
export function lessonKey(l: { file?: string | null; body?: string | null }): string | undefined {
  const rel = l.file ?? l.body;
  if (!rel) return undefined;
  const name = rel.slice(rel.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(0, dot) : name;
}
