// /privacidad: the privacy notice (Ley 19.628 as amended by Ley 21.719), built from the brand configuration
// (app/config/site.ts) so an academy that rebrands names itself as the one responsible. docs/privacy.md.
import { Link } from "react-router";
import { site } from "~/config/site";
import { pageTitle } from "~/ui/seo";

export const meta = () => [{ title: pageTitle("Política de privacidad") }];

const h2 = "mt-8 text-xl font-bold text-ink";
const p = "mt-3 text-slate-700";

export default function PrivacyNotice() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold text-ink">Política de privacidad</h1>
      <p className="mt-2 text-sm text-slate-600">Versión {site.privacy.noticeVersion}</p>

      <h2 className={h2}>Quién es responsable de tus datos</h2>
      <p className={p}>
        {site.legalName} (RUT {site.rut}), {site.address}. Para cualquier consulta o solicitud sobre tus datos escribe a{" "}
        <a className="font-semibold text-brand-700 underline underline-offset-4" href={`mailto:${site.privacy.email}`}>
          {site.privacy.email}
        </a>
        .
      </p>

      <h2 className={h2}>Qué datos tratamos y para qué</h2>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700">
        <li>Cuenta: nombre, correo, contraseña (solo una huella que no permite leerla), teléfono, dirección y RUT, para darte acceso a tus cursos y emitir tus certificados.</li>
        <li>Aprendizaje: inscripciones, avance, intentos de examen y tus respuestas, para mostrarte tu progreso, calificar y certificar.</li>
        <li>Compras: pedidos, pagos y los datos de la boleta o factura, para cobrar y cumplir la ley tributaria.</li>
        <li>Empresas: si tu empleador te inscribe, tu avance y certificados en los cursos que te asignó.</li>
        <li>Seguridad: sesiones, dirección IP e intentos de ingreso, para proteger tu cuenta.</li>
        <li>Correos que te enviamos sobre tus cursos y compras.</li>
      </ul>

      <h2 className={h2}>Base legal</h2>
      <p className={p}>
        La ejecución del contrato de capacitación que aceptas al registrarte o comprar; las obligaciones legales (tributarias,
        y de registro de asistencia SENCE cuando el curso usa la franquicia tributaria); y, si tu empresa te inscribe, el
        encargo de tu empleador, que es responsable de esos datos y nos los entrega para capacitarte. No enviamos publicidad
        sin tu consentimiento.
      </p>

      <h2 className={h2}>Quién recibe tus datos</h2>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700">
        <li>Transbank (Webpay), para procesar tus pagos con tarjeta.</li>
        <li>Nuestro proveedor de documentos tributarios electrónicos y el Servicio de Impuestos Internos (SII), para tus boletas y facturas.</li>
        <li>SENCE, cuando un curso se imparte con franquicia tributaria: tu RUN y tu asistencia.</li>
        <li>Tu empleador, si te inscribió: tu avance, resultados y certificados en esos cursos.</li>
      </ul>

      <h2 className={h2}>Cuánto tiempo los guardamos</h2>
      <p className={p}>
        Mientras tengas tu cuenta. Si pides eliminarla, borramos o anonimizamos tus datos, salvo lo que otra ley nos obliga a
        guardar: las compras con sus boletas y facturas (6 años, Código Tributario), tus certificados (para que sigan siendo
        verificables, sin mostrar tu nombre en la página pública) y los registros de asistencia SENCE. Si no entras a tu
        cuenta durante {site.privacy.retention.inactiveAccountYears} años, te avisamos por correo y, si no vuelves a entrar
        dentro de {site.privacy.retention.inactiveWarningDays} días, la eliminamos de la misma forma.
      </p>

      <h2 className={h2}>Tus derechos</h2>
      <p className={p}>
        Puedes acceder a tus datos, rectificarlos, pedir su supresión, oponerte a su tratamiento, pedir su portabilidad y su
        bloqueo, gratis. Hazlo desde{" "}
        <Link to="/mis-datos" className="font-semibold text-brand-700 underline underline-offset-4">
          Mis datos
        </Link>{" "}
        (con tu cuenta) o escribiendo a {site.privacy.email}. Te respondemos dentro de 30 días corridos. Si no quedas
        conforme, puedes reclamar ante la Agencia de Protección de Datos Personales.
      </p>
    </section>
  );
}
