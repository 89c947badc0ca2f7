// The SENCE area's forms: the OTEC's configuration (admin) and a training action (a company's manager or an
// admin). The field rules are the manual's (sence-protocol.ts); here they become Spanish messages.
import { z } from "zod";
import { parseIsoDay } from "./chile-time";
import { parseRut, RUT_MESSAGES } from "./rut";
import { senceMessages as M } from "./sence-messages";
import {
  isCodigoCurso,
  isCodSence,
  isSenceRut,
  isSenceToken,
  isTrainingLine,
  SENCE_ENVIRONMENTS,
  type SenceEnvironment,
  type TrainingLine,
} from "./sence-protocol";
import { singleLineText } from "./plain-text";

export const CONFIG_FIELDS = ["rutOtec", "token"] as const;

/** The token may be left blank to keep the one saved (it is never shown again). */
export const configSchema = (hasToken: boolean) =>
  z.object({
    rutOtec: singleLineText.transform((v, ctx) => {
      if (v.trim() === "") {
        ctx.addIssue({ code: "custom", message: M.rutOtecRequired });
        return z.NEVER;
      }
      const parsed = parseRut(v);
      if (!parsed.ok) {
        ctx.addIssue({ code: "custom", message: parsed.reason === "checkDigit" ? RUT_MESSAGES.checkDigit : M.rutOtecInvalid });
        return z.NEVER;
      }
      if (!isSenceRut(parsed.rut)) {
        ctx.addIssue({ code: "custom", message: M.rutOtecInvalid });
        return z.NEVER;
      }
      return parsed.rut;
    }),
    token: singleLineText.transform((v, ctx) => {
      const token = v.trim().toUpperCase();
      if (token === "") {
        if (!hasToken) ctx.addIssue({ code: "custom", message: M.tokenRequired });
        return null;
      }
      if (!isSenceToken(token)) {
        ctx.addIssue({ code: "custom", message: M.tokenInvalid });
        return z.NEVER;
      }
      return token;
    }),
  });

export const ACTION_FIELDS = ["courseId", "codSence", "codigoCurso", "line", "environment", "startsOn", "endsOn"] as const;

const isoDate = singleLineText.pipe(z.string().trim());

/**
 * Every rule is checked in one pass, so a form with several mistakes shows all of them at once (a field that
 * fails its own type would otherwise hide the rules that compare fields).
 */
export const actionSchema = z
  .object({
    courseId: z.string().trim(),
    codSence: singleLineText.pipe(z.string().trim()),
    codigoCurso: singleLineText.pipe(z.string().trim()),
    line: z.string().trim(),
    environment: z.string().trim(),
    startsOn: isoDate,
    endsOn: isoDate,
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (!/^[1-9]\d{0,9}$/.test(v.courseId) || Number(v.courseId) > 2_147_483_647) issue("courseId", M.courseRequired);
    const line = Number(v.line);
    const knownLine = isTrainingLine(line) ? line : null;
    if (knownLine === null) issue("line", M.lineInvalid);
    const environment = (SENCE_ENVIRONMENTS as readonly string[]).includes(v.environment) ? (v.environment as SenceEnvironment) : null;
    if (environment === null) issue("environment", M.environmentRequired);
    // Without an environment, -1 is judged as production would (a mistake either way).
    if (knownLine !== null && !isCodSence(v.codSence, knownLine, environment ?? "production")) issue("codSence", M.codSenceInvalid);
    if (knownLine !== null && !isCodigoCurso(v.codigoCurso, knownLine, environment ?? "production")) issue("codigoCurso", M.codigoCursoInvalid);
    const startsOk = parseIsoDay(v.startsOn) !== null;
    const endsOk = parseIsoDay(v.endsOn) !== null;
    if (!startsOk) issue("startsOn", M.dateInvalid);
    if (!endsOk) issue("endsOn", M.dateInvalid);
    if (startsOk && endsOk && v.endsOn < v.startsOn) issue("endsOn", M.endBeforeStart);
  })
  .transform((v) => ({
    ...v,
    courseId: Number(v.courseId),
    line: Number(v.line) as TrainingLine,
    environment: v.environment as SenceEnvironment,
  }));
export type ActionInput = z.infer<typeof actionSchema>;
