// What /registro shows when the new account could not be signed in with the password typed: most often because
// the address already had an account. The words fit both cases (docs/decisions.md B12): the mail that went out
// is a welcome for a new account, or, for an address in use, a notice with the way to sign in or reset.
import { Link } from "react-router";
import { Email } from "~/ui/primitives/email";
import { linkClass } from "./form-parts";

export function SignUpSent({ email, loginPath, registerPath }: { email: string; loginPath: string; registerPath: string }) {
  return (
    <div role="status" className="space-y-4 text-slate-700">
      <p>
        Te enviamos un correo a <Email address={email} className="font-semibold text-ink" /> con el siguiente paso.
      </p>
      <p>
        Si ya tenías una cuenta con este correo, puedes{" "}
        <Link to={loginPath} className={linkClass}>
          iniciar sesión
        </Link>{" "}
        o{" "}
        <Link to="/restablecer-contrasena" className={linkClass}>
          elegir una nueva contraseña
        </Link>
        .
      </p>
      <p className="text-sm text-slate-600">
        ¿No te llega? Revisa la carpeta de spam o correo no deseado. Si escribiste mal tu correo,{" "}
        <Link to={registerPath} className={linkClass}>
          vuelve a registrarte
        </Link>
        .
      </p>
    </div>
  );
}
