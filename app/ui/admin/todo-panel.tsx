// "Por hacer" on the admin's home: what waits for an administrator, each line leading where it is done.
import { Link } from "react-router";
import { todoItems, type AdminTodos } from "~/domain/admin-todos";

export function TodoPanel({ todos }: { todos: AdminTodos }) {
  const items = todoItems(todos);
  return (
    <section aria-labelledby="por-hacer" className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="por-hacer" className="text-lg font-bold text-ink">
        Por hacer
      </h2>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">Nada pendiente: no hay transferencias por confirmar, mensajes sin atender ni solicitudes por responder.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {items.map((i) => (
            <li key={i.key} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2.5">
              <div className="min-w-0">
                <Link to={i.href} className="font-semibold text-brand-700 underline underline-offset-4">
                  {i.label}
                </Link>
                {i.detail ? <p className="text-sm text-slate-600">{i.detail}</p> : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
