// The attempt history (docs/product-spec.md §9): Intento, Fecha (dd/MM/yyyy HH:mm, America/Santiago), Puntaje, Resultado.
import { formatDateTime } from "~/domain/format";

export interface HistoryRow {
  attemptNumber: number;
  submittedAt: string;
  score: number;
  passed: boolean;
}

export function AttemptHistory({ rows }: { rows: HistoryRow[] }) {
  return (
    <section aria-labelledby="historial-intentos">
      <h3 id="historial-intentos" className="text-lg font-bold text-ink">
        Historial de intentos
      </h3>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Aún no has rendido esta evaluación.</p>
      ) : (
        // Fits a 375 px phone without sideways scrolling; wider screens get more air.
        <div className="mt-3 overflow-x-auto rounded-xl border border-slate-200">
          <table className="w-full text-left text-xs sm:text-sm">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-1.5 py-2 font-semibold sm:px-4">Intento</th>
                <th scope="col" className="px-1.5 py-2 font-semibold sm:px-4">Fecha</th>
                <th scope="col" className="px-1.5 py-2 font-semibold sm:px-4">Puntaje</th>
                <th scope="col" className="px-1.5 py-2 font-semibold sm:px-4">Resultado</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.attemptNumber} className="border-t border-slate-100">
                  <td className="px-1.5 py-2 sm:px-4">{r.attemptNumber}</td>
                  <td className="px-1.5 py-2 tabular-nums sm:px-4">{formatDateTime(r.submittedAt)}</td>
                  <td className="px-1.5 py-2 tabular-nums sm:px-4">{r.score} %</td>
                  <td className="px-1.5 py-2 sm:px-4">
                    <span
                      className={`rounded-full px-1.5 py-0.5 text-xs sm:px-2 font-semibold ${
                        r.passed ? "bg-green-100 text-green-900" : "bg-brand-100 text-brand-800"
                      }`}
                    >
                      {r.passed ? "Aprobado" : "Reprobado"}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
