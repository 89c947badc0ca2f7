// Small inline icons for lesson types and states (decorative: the text next to them says the same).
const paths: Record<string, string> = {
  presentacion: "M3 4h18v12H3zM8 20h8M12 16v4",
  documento: "M6 2h9l5 5v15H6zM14 2v6h6M9 13h6M9 17h6",
  video: "M4 5h16v14H4zM10 9l5 3-5 3z",
  lectura: "M4 5h7a3 3 0 0 1 3 3v12a2 2 0 0 0-2-2H4zM20 5h-5a3 3 0 0 0-3 3",
  examen: "M9 3h6v3H9zM6 5h12v16H6zM9 12l2 2 4-4",
  // A hand pressing on a rhythm line.
  practica: "M3 12h4l2-5 3 10 2-5h7",
  check: "M5 12l4 4 10-10",
  clock: "M12 7v5l3 2M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z",
};

export function LessonIcon({ name, className = "h-4 w-4" }: { name: string; className?: string }) {
  const d = paths[name] ?? paths.documento!;
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className={className}>
      <path d={d} />
    </svg>
  );
}

