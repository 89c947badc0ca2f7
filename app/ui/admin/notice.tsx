/** The outcome of an admin action: green when it worked, red when it was refused. */
export function Notice({ ok, message }: { ok: boolean; message: string }) {
  return (
    <div
      role={ok ? "status" : "alert"}
      className={`mt-4 rounded-xl border px-4 py-3 text-sm font-medium ${
        ok ? "border-emerald-200 bg-emerald-50 text-emerald-900" : "border-red-200 bg-red-50 text-red-800"
      }`}
    >
      {message}
    </div>
  );
}

export function PageHeader({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">{title}</h1>
      {children}
    </div>
  );
}
