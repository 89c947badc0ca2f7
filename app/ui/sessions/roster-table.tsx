// The roster as a table (the admin's session page and the printable list): attendance and the result per person.
import type { Checklist } from "~/domain/skills-sessions";
import { table, tableWrap, td, th } from "~/ui/admin/styles";

export interface RosterRow {
  bookingId: number;
  name: string;
  email: string;
  rut: string | null;
  attendance: "present" | "absent" | null;
  result: "pass" | "needs_practice" | null;
  checks: Record<string, { passed: boolean; note: string }>;
}

export const attendanceLabel = (a: RosterRow["attendance"]) => (a === "present" ? "Presente" : a === "absent" ? "Ausente" : "Sin registrar");
export const resultLabel = (r: RosterRow["result"]) => (r === "pass" ? "Aprobado" : r === "needs_practice" ? "Debe practicar" : "Sin evaluar");

export function RosterTable({ entries, checklist, signatures = false }: { entries: RosterRow[]; checklist: Checklist; signatures?: boolean }) {
  if (entries.length === 0) return <p className="mt-2 text-slate-700">Nadie ha reservado todavía.</p>;
  return (
    <div className={`${tableWrap} mt-3`}>
      <table className={table}>
        <thead>
          <tr>
            <th className={th}>Nombre</th>
            <th className={th}>RUT</th>
            <th className={th}>Asistencia</th>
            <th className={th}>Resultado</th>
            {signatures ? <th className={`${th} w-48`}>Firma</th> : <th className={th}>Ítems por practicar</th>}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.map((e) => (
            <tr key={e.bookingId}>
              <td className={td}>{e.name}</td>
              <td className={td}>{e.rut ?? ""}</td>
              <td className={td}>{attendanceLabel(e.attendance)}</td>
              <td className={td}>{resultLabel(e.result)}</td>
              {signatures ? (
                <td className={`${td} h-12`} />
              ) : (
                <td className={td}>
                  {checklist.items
                    .filter((i) => e.checks[i.key] && !e.checks[i.key]!.passed)
                    .map((i) => i.label)
                    .join("; ")}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
