// Every area's outbox jobs and mail templates, registered with the platform (platform/outbox/jobs.server.ts,
// platform/mail/templates.server.ts), which imports no area. Loaded by the start (boot.server.ts) and by the
// tests' setup, before any job runs or any mail is rendered. A new job kind or mail kind is added here.
import "./accounts/mail.server";
import "./accounts/jobs/password-reset.server";
import "./accounts/jobs/password-changed-notice.server";
import "./accounts/jobs/welcome.server";
import "./accounts/jobs/sign-up-attempt-notice.server";
import "./contact/mail.server";
import "./catalogue/mail.server";
import "./catalogue/jobs/waitlist-opened.server";
import "./certificates/mail.server";
import "./certificates/jobs/certificate-issued.server";
import "./certificates/jobs/expiry-reminders.server";
import "./learning/mail.server";
import "./learning/jobs/enrolment-confirmation.server";
import "./companies/mail.server";
import "./companies/jobs/company-mail.server";
import "./companies/jobs/compliance-snapshots.server";
import "./companies/jobs/nudges.server";
import "./commerce/mail.server";
import "./commerce/tax-documents/jobs/issue.server";
import "./commerce/tax-documents/jobs/status.server";
import "./commerce/tax-documents/jobs/mail.server";
import "./privacy/mail.server";
import "./privacy/jobs/erased-answer-mail.server";
import "./privacy/jobs/retention.server";
import "./sessions/mail.server";
import "./sessions/jobs/session-mail.server";
import "./sessions/jobs/offer-expiry.server";
import "./sessions/jobs/seat-refund.server";
import "./sessions/jobs/reminders.server";
