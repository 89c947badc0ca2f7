// A grouped bar chart drawn as SVG by the server: no charting library, no script. The figure is described
// for screen readers by its title and summary; its numbers are in the table beside it (DataTable).
import { formatCount } from "~/domain/format";

export interface ChartSeries {
  name: string;
  /** A fill colour with AA contrast against white. */
  color: string;
  values: number[];
}

const W = 720;
const H = 260;
const PAD = { top: 16, right: 12, bottom: 40, left: 44 };

/** 0, a round step and a round top, so the grid lines read as 0, 5, 10, 15… */
export function niceScale(max: number): { top: number; step: number } {
  if (max <= 0) return { top: 4, step: 1 };
  const rough = max / 4;
  const mag = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((f) => f * mag).find((s) => s >= rough) ?? 10 * mag;
  const whole = Math.max(1, Math.ceil(step));
  return { top: Math.ceil(max / whole) * whole, step: whole };
}

export function BarChart({ id, title, summary, labels, series }: { id: string; title: string; summary: string; labels: string[]; series: ChartSeries[] }) {
  const max = Math.max(0, ...series.flatMap((s) => s.values));
  const { top, step } = niceScale(max);
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, labels.length);
  const barW = Math.max(1, (slot * 0.8) / series.length);
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const labelEvery = Math.ceil(labels.length / 10);
  const ticks: number[] = [];
  for (let v = 0; v <= top; v += step) ticks.push(v);
  return (
    <figure className="mt-4">
      <div className="overflow-x-auto" tabIndex={0} role="group" aria-labelledby={`${id}-title`}>
        <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full min-w-[540px]" role="img" aria-labelledby={`${id}-title ${id}-desc`}>
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>{summary}</desc>
          {ticks.map((t) => (
            <g key={t}>
              <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} stroke="#e2e8f0" strokeWidth={1} />
              <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" fontSize={11} fill="#475569">
                {formatCount(t)}
              </text>
            </g>
          ))}
          {labels.map((label, i) => (
            <g key={i}>
              {series.map((s, k) => {
                const v = s.values[i] ?? 0;
                const x = PAD.left + i * slot + slot * 0.1 + k * barW;
                return <rect key={s.name} x={x} y={y(v)} width={barW} height={Math.max(0, y(0) - y(v))} fill={s.color} />;
              })}
              {i % labelEvery === 0 ? (
                <text x={PAD.left + i * slot + slot / 2} y={H - PAD.bottom + 16} textAnchor="middle" fontSize={11} fill="#475569">
                  {label}
                </text>
              ) : null}
            </g>
          ))}
          <line x1={PAD.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} stroke="#94a3b8" strokeWidth={1} />
        </svg>
      </div>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-sm text-slate-700">
        {series.map((s) => (
          <span key={s.name} className="inline-flex items-center gap-2">
            <svg width="12" height="12" aria-hidden="true">
              <rect width="12" height="12" fill={s.color} />
            </svg>
            {s.name}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
