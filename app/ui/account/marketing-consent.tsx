/**
 * The marketing consent box, on /registro and /perfil: separate from accepting the privacy notice, never ticked
 * for the person, and withdrawn where it was given.
 */
export function MarketingConsentField({ defaultChecked }: { defaultChecked: boolean }) {
  return (
    <label className="flex items-start gap-3 text-sm text-slate-800">
      <input type="checkbox" name="marketing" defaultChecked={defaultChecked} aria-describedby="marketing-hint" className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700" />
      <span>
        Quiero recibir novedades y ofertas de cursos por correo
        <span id="marketing-hint" className="mt-0.5 block text-slate-600">
          Opcional. Puedes dejar de recibirlas cuando quieras desde tu perfil.
        </span>
      </span>
    </label>
  );
}
