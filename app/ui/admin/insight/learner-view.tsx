// One learner for the administrator: profile and account actions, enrolments with their
// completed lessons, every exam attempt with its answers, certificates and orders.
import { isAdmin } from "~/domain/permissions";
import { Link } from "react-router";
import { formatClp } from "~/domain/format";
import { badge, card, table, tableWrap, td, th, tdNumber, thNumber } from "../styles";
import { UserActions } from "../users-table";
import type { LearnerDetail } from "~/domain/insight-view";
import { Email } from "~/ui/primitives/email";

const sectionTitle = "text-xl font-bold text-ink";
const empty = "mt-3 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-4 py-4 text-sm text-slate-700";

export function LearnerView({ data, self, busy }: { data: LearnerDetail; self: boolean; busy: boolean }) {
  const p = data.profile;
  return (
    <>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <p className="text-sm font-semibold text-slate-600">
            <Link to="/admin/usuarios" className="text-brand-700 hover:underline">
              Usuarios
            </Link>{" "}
            / Ficha
          </p>
          <h1 className="mt-1 break-words text-2xl font-bold text-ink sm:text-3xl">{p.name}</h1>
          <p className="mt-1 text-slate-700">
            <Email address={p.email} />
          </p>
          <p className="mt-2 flex flex-wrap gap-2">
            <span className={`${badge} ${isAdmin(p) ? "bg-brand-50 text-brand-800 ring-brand-200" : "bg-slate-50 text-slate-700 ring-slate-300"}`}>
              {isAdmin(p) ? "Administrador" : "Usuario"}
            </span>
            <span className={`${badge} ${p.banned ? "bg-red-50 text-red-800 ring-red-200" : "bg-emerald-50 text-emerald-800 ring-emerald-200"}`}>
              {p.banned ? "Deshabilitada" : "Activa"}
            </span>
          </p>
        </div>
        <UserActions user={p} self={self} busy={busy} />
      </div>

      <section aria-labelledby="ficha-perfil" className={`${card} mt-6 p-5`}>
        <h2 id="ficha-perfil" className={sectionTitle}>
          Perfil
        </h2>
        <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          {[
            ["Teléfono", p.phone || "—"],
            ["Dirección", p.address || "—"],
            ["RUT", p.rut || "—"],
            ["Registro", p.createdAt],
          ].map(([k, v]) => (
            <div key={k} className="flex gap-2">
              <dt className="w-24 shrink-0 font-semibold text-slate-600">{k}</dt>
              <dd className="break-words text-slate-800">{v}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="ficha-inscripciones" className="mt-8">
        <h2 id="ficha-inscripciones" className={sectionTitle}>
          Inscripciones ({data.enrolments.length})
        </h2>
        {data.enrolments.length === 0 ? <p className={empty}>No está inscrito en ningún curso.</p> : null}
        <ul className="mt-3 space-y-4">
          {data.enrolments.map((e) => (
            <li key={e.id} className={`${card} p-5`} aria-label={`Inscripción en ${e.courseTitle}`}>
              <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                <div>
                  <h3 className="font-bold text-ink">
                    <Link to={`/admin/cursos/${e.courseId}/resultados`} className="hover:text-brand-700 hover:underline">
                      {e.courseTitle}
                    </Link>
                  </h3>
                  <p className="text-sm text-slate-600">
                    Inscrito el {e.enrolledAt}
                    {e.completedAt ? ` · Completado el ${e.completedAt}` : ""}
                    {e.certificateCode ? ` · Certificado ${e.certificateCode}` : ""}
                    {` · Tiempo de estudio: ${e.studyTime}`}
                  </p>
                </div>
                <p className="text-sm font-semibold text-slate-800">Progreso: {e.progress}%</p>
              </div>
              <div aria-hidden="true" className="mt-3 h-1.5 overflow-hidden rounded-full bg-slate-200">
                <div className="h-full rounded-full bg-brand-700" style={{ width: `${e.progress}%` }} />
              </div>
              <details className="mt-3">
                <summary className="cursor-pointer text-sm font-semibold text-brand-700">Lecciones completadas ({e.lessons.length})</summary>
                {e.lessons.length === 0 ? (
                  <p className="mt-2 text-sm text-slate-600">Todavía no completa ninguna lección.</p>
                ) : (
                  <ol className="mt-2 space-y-1 text-sm">
                    {e.lessons.map((l) => (
                      <li key={l.lessonId} className="flex flex-col sm:flex-row sm:gap-3">
                        <span className="tabular-nums text-slate-600">{l.completedAt}</span>
                        <span className="text-slate-800">
                          {l.title} <span className="text-slate-600">({l.moduleTitle})</span>
                        </span>
                        <span className="tabular-nums text-slate-600">{l.studyTime}</span>
                      </li>
                    ))}
                  </ol>
                )}
              </details>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="ficha-examenes" className="mt-8">
        <h2 id="ficha-examenes" className={sectionTitle}>
          Intentos de examen ({data.attempts.length})
        </h2>
        {data.attempts.length === 0 ? <p className={empty}>No ha rendido exámenes.</p> : null}
        <ul className="mt-3 space-y-3">
          {data.attempts.map((a) => (
            <li key={a.id} className={`${card} p-4`}>
              <details>
                <summary className="cursor-pointer">
                  <span className="font-semibold text-ink">
                    {a.courseTitle}: intento {a.attemptNumber ?? "en curso"}
                  </span>{" "}
                  <span className="text-sm text-slate-700">
                    {a.submittedAt ? `· ${a.submittedAt} · Puntaje ${a.score ?? 0}% · ${a.passed ? "Aprobado" : "Reprobado"}` : `· iniciado el ${a.startedAt}, sin enviar`}
                  </span>
                </summary>
                {a.answers.length ? (
                  <div className={`${tableWrap} mt-3`} tabIndex={0} role="region" aria-label={`Respuestas del intento ${a.attemptNumber ?? ""}`}>
                    <table className={table}>
                      <caption className="sr-only">
                        Respuestas del intento {a.attemptNumber} de {a.courseTitle}
                      </caption>
                      <thead>
                        <tr>
                          <th scope="col" className={th}>
                            N.º
                          </th>
                          <th scope="col" className={th}>
                            Pregunta
                          </th>
                          <th scope="col" className={th}>
                            Respondió
                          </th>
                          <th scope="col" className={th}>
                            Correcta
                          </th>
                          <th scope="col" className={th}>
                            Resultado
                          </th>
                        </tr>
                      </thead>
                      <tbody className="divide-y divide-slate-100">
                        {a.answers.map((x) => (
                          <tr key={x.position}>
                            <td className={`${td} tabular-nums`}>{x.position}</td>
                            <td className={`${td} min-w-[14rem]`}>{x.prompt}</td>
                            <td className={`${td} min-w-[10rem]`}>{x.chosen}</td>
                            <td className={`${td} min-w-[10rem]`}>{x.correctOption}</td>
                            <td className={`${td} font-semibold ${x.correct ? "text-emerald-800" : "text-red-800"}`}>{x.correct ? "Correcta" : "Incorrecta"}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                ) : (
                  <p className="mt-2 text-sm text-slate-600">Sin respuestas enviadas.</p>
                )}
              </details>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="ficha-certificados" className="mt-8">
        <h2 id="ficha-certificados" className={sectionTitle}>
          Certificados ({data.certificates.length})
        </h2>
        {data.certificates.length === 0 ? (
          <p className={empty}>No tiene certificados.</p>
        ) : (
          <ul className="mt-3 space-y-2 text-sm">
            {data.certificates.map((c) => (
              <li key={c.code} className={`${card} flex flex-col gap-1 p-4 sm:flex-row sm:justify-between`}>
                <span className="font-semibold text-ink">{c.courseTitle}</span>
                <span className="text-slate-700">
                  <Link to={c.path} className="font-semibold text-brand-700 hover:underline">
                    {c.code}
                  </Link>{" "}
                  · emitido el {c.issuedAt}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="ficha-pedidos" className="mt-8">
        <h2 id="ficha-pedidos" className={sectionTitle}>
          Pedidos ({data.orders.length})
        </h2>
        {data.orders.length === 0 ? (
          <p className={empty}>No tiene pedidos.</p>
        ) : (
          <div className={`${tableWrap} mt-3`}>
            <table className={table}>
              <caption className="sr-only">Pedidos de {p.name}</caption>
              <thead>
                <tr>
                  <th scope="col" className={th}>
                    Pedido
                  </th>
                  <th scope="col" className={th}>
                    Curso
                  </th>
                  <th scope="col" className={th}>
                    Estado
                  </th>
                  <th scope="col" className={thNumber}>
                    Monto
                  </th>
                  <th scope="col" className={th}>
                    Fecha
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data.orders.map((o) => (
                  <tr key={o.number}>
                    <td className={td}>
                      <Link to={`/admin/ventas/${o.number}`} className="font-semibold text-brand-700 hover:underline">
                        {o.number}
                      </Link>
                    </td>
                    <td className={td}>{o.courseTitle}</td>
                    <td className={td}>{o.statusLabel}</td>
                    <td className={tdNumber}>{formatClp(o.amountClp)}</td>
                    <td className={`${td} whitespace-nowrap`}>{o.createdAt}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
