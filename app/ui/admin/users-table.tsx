import { isAdmin } from "~/domain/permissions";
import { Form, Link, useNavigation } from "react-router";
import { formatDateTime } from "~/domain/format";
import { cellLabel, rtBody, rtCell, rtHead, rtRow, rtTable, rtTh } from "./responsive-table";
import { badge, smallButton } from "./styles";
import { Email } from "~/ui/primitives/email";

export interface UserRowView {
  id: string;
  name: string;
  email: string;
  role: "user" | "admin";
  banned: boolean;
  createdAt: string | Date;
}

export function UsersTable({ users, currentUserId }: { users: UserRowView[]; currentUserId: string }) {
  const navigation = useNavigation();
  const busyId = navigation.state === "submitting" ? navigation.formData?.get("userId") : null;
  return (
    <div className="mt-6 overflow-hidden rounded-xl border border-slate-200 bg-white">
      <table className={rtTable}>
        <caption className="sr-only">Usuarios registrados</caption>
        <thead className={rtHead}>
          <tr>
            <th scope="col" className={rtTh}>Nombre</th>
            <th scope="col" className={rtTh}>Correo electrónico</th>
            <th scope="col" className={rtTh}>Rol</th>
            <th scope="col" className={rtTh}>Estado</th>
            <th scope="col" className={rtTh}>Registro</th>
            <th scope="col" className={rtTh}>Acciones</th>
          </tr>
        </thead>
        <tbody className={rtBody}>
          {users.map((u) => {
            const self = u.id === currentUserId;
            const busy = busyId === u.id;
            return (
              <tr key={u.id} className={rtRow}>
                <td className={`${rtCell} font-semibold text-ink`}>
                  <span className={cellLabel}>Nombre</span>
                  <span>
                    <Link to={`/admin/usuarios/${encodeURIComponent(u.id)}`} className="text-brand-800 underline-offset-2 hover:underline">
                      {u.name}
                    </Link>
                    {/* A real space, so the name reads "Ana Pérez (tú)", not "Ana Pérez(tú)", when read aloud or copied. */}
                    {self ? <span className="font-normal text-slate-600"> (tú)</span> : null}
                  </span>
                </td>
                <td className={rtCell}>
                  <span className={cellLabel}>Correo</span>
                  <Email address={u.email} />
                </td>
                <td className={rtCell}>
                  <span className={cellLabel}>Rol</span>
                  <span className={`${badge} ${isAdmin(u) ? "bg-brand-50 text-brand-800 ring-brand-200" : "bg-slate-50 text-slate-700 ring-slate-300"}`}>
                    {isAdmin(u) ? "Administrador" : "Usuario"}
                  </span>
                </td>
                <td className={rtCell}>
                  <span className={cellLabel}>Estado</span>
                  <span className={`${badge} ${u.banned ? "bg-red-50 text-red-800 ring-red-200" : "bg-emerald-50 text-emerald-800 ring-emerald-200"}`}>
                    {u.banned ? "Deshabilitada" : "Activa"}
                  </span>
                </td>
                <td className={`${rtCell} whitespace-nowrap`}>
                  <span className={cellLabel}>Registro</span>
                  <span>{formatDateTime(u.createdAt)}</span>
                </td>
                <td className={rtCell}>
                  <span className={cellLabel}>Acciones</span>
                  <UserActions user={u} self={self} busy={busy} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Role and disable/enable, posted to the page that shows them (the list or the person's page). */
export function UserActions({ user: u, self, busy }: { user: Pick<UserRowView, "id" | "name" | "role" | "banned">; self: boolean; busy: boolean }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Form method="post">
        <input type="hidden" name="intent" value="set-role" />
        <input type="hidden" name="userId" value={u.id} />
        <input type="hidden" name="role" value={isAdmin(u) ? "user" : "admin"} />
        <button type="submit" className={smallButton} disabled={busy || (self && isAdmin(u))} aria-label={`${isAdmin(u) ? "Quitar administrador a" : "Hacer administrador a"} ${u.name}`}>
          {isAdmin(u) ? "Quitar administrador" : "Hacer administrador"}
        </button>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="set-banned" />
        <input type="hidden" name="userId" value={u.id} />
        <input type="hidden" name="banned" value={u.banned ? "false" : "true"} />
        <button type="submit" className={smallButton} disabled={busy || (self && !u.banned)} aria-label={`${u.banned ? "Habilitar" : "Deshabilitar"} a ${u.name}`}>
          {u.banned ? "Habilitar" : "Deshabilitar"}
        </button>
      </Form>
    </div>
  );
}
