// A session's facts as a definition list: when, where, who, seats and state.
export interface SessionFactsData {
  courseTitle: string;
  when: string;
  durationMin: number;
  place: string;
  placeNotes: string;
  instructorName: string;
  instructorTitle: string;
  seatsLeft: number;
  capacity: number;
  statusLabel: string;
}

export function SessionFacts({ s }: { s: SessionFactsData }) {
  const rows: [string, string][] = [
    ["Curso", s.courseTitle],
    ["Fecha y hora", `${s.when} (hora de Chile)`],
    ["Duración", `${s.durationMin} minutos`],
    ["Lugar", s.place],
    ...(s.placeNotes ? ([["Indicaciones", s.placeNotes]] as [string, string][]) : []),
    ["Relator", s.instructorTitle ? `${s.instructorName}, ${s.instructorTitle}` : s.instructorName],
    ["Cupos disponibles", `${s.seatsLeft} de ${s.capacity}`],
    ["Estado", s.statusLabel],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="font-semibold text-slate-700">{k}</dt>
          <dd className="text-ink">{v}</dd>
        </div>
      ))}
    </dl>
  );
}
