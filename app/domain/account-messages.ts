// Every Spanish text of the accounts area that the spec's catalogue (§5, §8) or docs/decisions.md (B6, B10)
// names, in one place so they can be checked against the spec word for word.
export const accountMessages = {
  // §5 Validation
  required: "Por favor, completa todos los campos.",
  passwordMismatch: "Las contraseñas no coinciden.",
  passwordTooShort: "La contraseña debe tener al menos 6 caracteres.",
  passwordTooLong: "La contraseña no puede tener más de 128 caracteres.",
  emailRequired: "Por favor, ingresa tu correo electrónico.",
  nameEmpty: "El nombre no puede estar vacío.",
  nameTooLong: "El nombre no puede tener más de 120 caracteres.",
  phoneTooLong: "El teléfono no puede tener más de 30 caracteres.",
  addressTooLong: "La dirección no puede tener más de 200 caracteres.",

  // §8 Login (B10: one message for unknown e-mail and wrong password)
  invalidEmail: "El correo electrónico no es válido.",
  userDisabled: "Esta cuenta ha sido deshabilitada.",
  invalidCredentials: "Correo electrónico o contraseña incorrectos.",
  tooManyRequests: "Demasiados intentos fallidos. Por favor, intenta más tarde.",
  loginOther: "Ha ocurrido un error al iniciar sesión: ",
  unknownError: "Error desconocido",
  loginSuccess: "¡Inicio de sesión exitoso! Redirigiendo...",

  // §8 Register
  emailInUse: "Este correo electrónico ya está en uso.",
  weakPassword: "La contraseña es demasiado débil.",
  registerOther: "Ha ocurrido un error al crear la cuenta.",
  tooManySignUps: "Demasiados registros en poco tiempo. Por favor, intenta más tarde.",

  // §8 Password reset
  resetSent: "Se ha enviado un correo electrónico con instrucciones para restablecer tu contraseña.",
  resetOther: "Ha ocurrido un error al enviar el correo de recuperación.",
  resetLinkInvalid: "El enlace para restablecer la contraseña no es válido, ya fue usado o expiró.",
  resetDone: "Tu contraseña ha sido restablecida. Ya puedes iniciar sesión con tu nueva contraseña.",
  resetFailed: "No se pudo restablecer la contraseña. Inténtalo de nuevo.",

  // §8 Profile
  profileSaved: "Perfil actualizado correctamente.",
  profileSaveFailed: "Error al actualizar el perfil. Inténtalo de nuevo.",
  marketingGiven: "Listo: te enviaremos novedades y ofertas por correo.",
  marketingWithdrawn: "Listo: no te enviaremos novedades ni ofertas por correo.",
  // docs/decisions.md E3: one account per RUT

  // B6 Change password
  currentPasswordWrong: "La contraseña actual es incorrecta.",
  passwordChanged: "Contraseña actualizada correctamente. Cerramos tus otras sesiones abiertas.",
  passwordChangeFailed: "Error al cambiar la contraseña. Inténtalo de nuevo.",

  // Many sign-ins (or sign-ups, password changes) at once: the server asks some to come back shortly.
  busy: "Estamos atendiendo a muchas personas a la vez. Inténtalo de nuevo en un momento.",

  // §8 Logout
  logoutFailed: "Error al cerrar sesión. Inténtalo de nuevo.",
} as const;

/** 'Ha ocurrido un error al iniciar sesión: ' + message or 'Error desconocido' (spec §8, Login: other). */
export function loginOtherMessage(detail?: string | null) {
  return accountMessages.loginOther + (detail?.trim() || accountMessages.unknownError);
}
