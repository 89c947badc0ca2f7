import { data, Link, useActionData } from "react-router";
import { readFormOrThrow } from "~/server/platform/http/request-body.server";
import type { Route } from "./+types/perfil";
import { changePasswordSchema, profileSchema } from "~/domain/account-forms";
import { parseForm } from "~/domain/form-parse";
import { accountMessages as M } from "~/domain/account-messages";
import { changePassword, getMarketingConsent, setMarketingConsent, updateProfile } from "~/server/accounts/accounts.server";
import { formatRut } from "~/domain/rut";
import { logger } from "~/server/platform/logger.server";
import { requireUser } from "~/server/accounts/session.server";
import { ChangePasswordForm, type PasswordActionData } from "~/ui/account/change-password-form";
import { MarketingForm, type MarketingActionData } from "~/ui/account/marketing-form";
import { ProfileForm, type ProfileActionData } from "~/ui/account/profile-form";
import { LogoutButton } from "~/ui/layout/logout-button";
import { pageTitle } from "~/ui/seo";

const PROFILE_FIELDS = ["name", "phone", "address", "rut"] as const;
const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmNewPassword"] as const;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const marketing = await getMarketingConsent(user.id);
  return {
    marketing: { given: marketing.given, at: marketing.at?.toISOString() ?? null },
    profile: { name: user.name, email: user.email, phone: user.phone ?? "", address: user.address ?? "", rut: user.rut ? formatRut(user.rut) : "" },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const formData = await readFormOrThrow(request);
  const intent = formData.get("intent");

  if (intent === "profile") {
    // Only name, phone and address are read; the account to change is always the session's own.
    const parsed = parseForm(profileSchema, formData, PROFILE_FIELDS);
    if (!parsed.ok) {
      return data<ProfileActionData>({ intent, fieldErrors: parsed.fieldErrors, values: parsed.values }, { status: 400 });
    }
    const values = { name: parsed.data.name, phone: parsed.data.phone ?? "", address: parsed.data.address ?? "", rut: parsed.data.rut ? formatRut(parsed.data.rut) : "" };
    try {
      await updateProfile(user.id, { ...parsed.data, rut: formData.has("rut") ? parsed.data.rut : undefined });
    } catch (error) {
      logger.error({ err: error }, "profile update failed");
      return data<ProfileActionData>({ intent, formError: M.profileSaveFailed, fieldErrors: {}, values }, { status: 500 });
    }
    return data<ProfileActionData>({ intent, success: M.profileSaved, fieldErrors: {} });
  }

  if (intent === "marketing") {
    // Only the box is read; unticked (absent) withdraws the consent.
    const given = formData.get("marketing") === "on";
    try {
      await setMarketingConsent(user.id, given);
    } catch (error) {
      logger.error({ err: error }, "marketing consent update failed");
      return data<MarketingActionData>({ intent, formError: M.profileSaveFailed }, { status: 500 });
    }
    return data<MarketingActionData>({ intent, success: given ? M.marketingGiven : M.marketingWithdrawn });
  }

  if (intent === "password") {
    const parsed = parseForm(changePasswordSchema, formData, PASSWORD_FIELDS, { required: PASSWORD_FIELDS, secret: PASSWORD_FIELDS });
    if (!parsed.ok) {
      return data<PasswordActionData>({ intent, formError: parsed.formError, fieldErrors: parsed.fieldErrors }, { status: 400 });
    }
    const outcome = await changePassword(parsed.data, request);
    if (outcome.ok) return data<PasswordActionData>({ intent, success: M.passwordChanged, fieldErrors: {} }, { headers: outcome.headers });
    if (outcome.reason === "currentWrong") {
      return data<PasswordActionData>({ intent, fieldErrors: { currentPassword: M.currentPasswordWrong } }, { status: 400 });
    }
    if (outcome.reason === "tooMany") return data<PasswordActionData>({ intent, formError: M.tooManyRequests, fieldErrors: {} }, { status: 429 });
    if (outcome.reason === "busy") return data<PasswordActionData>({ intent, formError: M.busy, fieldErrors: {} }, { status: 503 });
    return data<PasswordActionData>({ intent, formError: M.passwordChangeFailed, fieldErrors: {} }, { status: 500 });
  }

  return data({ intent: null, formError: "Acción no válida.", fieldErrors: {} }, { status: 400 });
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const { profile, marketing } = loaderData;
  return (
    <section className="bg-slate-50 px-4 py-10 sm:py-14">
      <title>{pageTitle("Mi Perfil")}</title>
      <div className="mx-auto max-w-3xl">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <h1 className="text-3xl font-bold text-ink">Mi Perfil</h1>
            <p className="mt-1 text-slate-600">Revisa y actualiza tus datos de contacto.</p>
            <p className="mt-2 text-sm">
              <Link to="/compras" className="font-semibold text-brand-700 underline underline-offset-4">
                Mis compras y comprobantes
              </Link>
              {" · "}
              <Link to="/mis-datos" className="font-semibold text-brand-700 underline underline-offset-4">
                Mis datos personales
              </Link>
            </p>
          </div>
          <LogoutButton className="rounded-lg border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700" />
        </div>
        <div className="mt-8 space-y-8">
          <ProfileForm profile={profile} actionData={actionData?.intent === "profile" ? (actionData as ProfileActionData) : undefined} />
          <MarketingForm consent={marketing} actionData={actionData?.intent === "marketing" ? (actionData as MarketingActionData) : undefined} />
          <ChangePasswordForm actionData={actionData?.intent === "password" ? (actionData as PasswordActionData) : undefined} />
        </div>
      </div>
    </section>
  );
}
