/** A course card's picture, or a neutral placeholder when the course has none. */
export function CourseImage({ src, title }: { src: string | null; title: string }) {
  if (!src) {
    return (
      <div
        role="img"
        aria-label={`Imagen no disponible para ${title}`}
        className="flex h-full w-full items-center justify-center bg-gradient-to-br from-brand-50 to-slate-100 text-brand-700"
      >
        <svg width="48" height="48" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
          <path d="M12 6.25v13.5M12 6.25C10.5 5 8.5 4.5 6 4.5c-1 0-2 .1-3 .4v13.5c1-.3 2-.4 3-.4 2.5 0 4.5.5 6 1.75m0-13.5c1.5-1.25 3.5-1.75 6-1.75 1 0 2 .1 3 .4v13.5c-1-.3-2-.4-3-.4-2.5 0-4.5.5-6 1.75" />
        </svg>
      </div>
    );
  }
  return <img src={src} alt={`Imagen del curso ${title}`} width={640} height={360} loading="lazy" decoding="async" className="h-full w-full object-cover" />;
}
