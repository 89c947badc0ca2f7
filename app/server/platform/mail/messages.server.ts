// Every e-mail the academy sends, as data: a discriminated union, so a caller that builds one cannot
// leave out a field the mail needs (TypeScript says which). renderMail turns one into subject, HTML and text.
// The kinds are declared by the areas that send them (each area's mail.server.ts adds its own to MailKinds by
// declaration merging and registers their templates), so the platform knows no area.
// Links are given as app paths ('/cursos/1') or, for links another library builds (the reset link), as
// absolute URLs on PUBLIC_URL; renderMail makes every link absolute from the base URL it is given.

/** A person the mail is addressed to, by the name they gave. */
export interface Addressee {
  name: string;
}

export interface CourseRef {
  id: number;
  title: string;
}

/** Kind → message, filled in by the areas: `declare module "../platform/mail/messages.server" { interface MailKinds { … } }`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface MailKinds {}

export type MailKind = keyof MailKinds;
export type MailMessage = MailKinds[MailKind];

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}
