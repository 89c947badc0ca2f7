// The learners the crash test simulates: they register, enrol, open lessons, watch videos, take the exam
// and save their profile, concurrently, through the same forms a browser posts. Every write the server
// answered with success goes into the ledger; a request that got no answer (the server was killed) is
// remembered as "unknown": it may or may not have happened, but it must not have happened by halves.
import { Browser, Unanswered, type Answer } from "./http";

export type Ack =
  | { kind: "register"; email: string; password: string; name: string }
  | { kind: "enrol"; email: string; courseId: number }
  | { kind: "visit"; email: string; courseId: number; lessonId: number }
  | { kind: "watch"; email: string; courseId: number; lessonId: number }
  | { kind: "exam-start"; email: string; lessonId: number; attemptId: number }
  | { kind: "exam-submit"; email: string; lessonId: number; attemptId: number; answers: Record<number, number> }
  | { kind: "profile"; email: string; values: ProfileValues };

export interface ProfileValues {
  name: string;
  phone: string;
  address: string;
}

export interface Learner {
  email: string;
  password: string;
  name: string;
  browser: Browser;
  registered: boolean;
  enrolled: Set<number>;
  visited: Set<number>;
  /** Profile values in the order they were posted, with what became of each request. */
  profileHistory: { values: ProfileValues; outcome: "acked" | "unknown" | "refused" }[];
  busy: boolean;
}

export interface CourseMap {
  courseId: number;
  lessonIds: number[];
  examLessonIds: number[];
  /** Lessons that opening completes: the page posts 'lesson-opened' once it shows them. */
  openLessonIds: number[];
  videoLessonIds: number[];
}

export class Ledger {
  acks: Ack[] = [];
  learners: Learner[] = [];
  /** Registrations whose answer never came: if the account exists, it must be whole. */
  unknownRegistrations: string[] = [];
  unexpected: string[] = [];
  unanswered = 0;
  /** Milliseconds spent per kind of step, to see where a slow machine's time goes. */
  timings = new Map<string, { n: number; ms: number }>();

  time(kind: string, ms: number) {
    const t = this.timings.get(kind) ?? { n: 0, ms: 0 };
    t.n++;
    t.ms += ms;
    this.timings.set(kind, t);
  }

  ack(a: Ack) {
    this.acks.push(a);
  }
}

const rand = (n: number) => Math.floor(Math.random() * n);
/** Share of requests sent as React Router's client sends them with JavaScript (the rest as plain HTML forms). */
const JS_SHARE = 0.75;
const withJs = () => Math.random() < JS_SHARE;

function submit(browser: Browser, path: string, fields: Record<string, string>) {
  return withJs() ? browser.dataRequest(path, fields) : browser.post(path, fields);
}

function open(browser: Browser, path: string) {
  return withJs() ? browser.dataRequest(path) : browser.get(path);
}
const pick = <T>(items: readonly T[]): T | undefined => items[rand(items.length)];

let learnerSeq = 0;
const runId = Date.now().toString(36);

export class Workload {
  stopped = false;
  course: CourseMap | undefined;
  private discovering: Promise<void> | undefined;

  constructor(
    private readonly base: string,
    readonly ledger: Ledger,
  ) {}

  private unexpected(what: string, answer: Answer) {
    const snippet = answer.body.replace(/\s+/g, " ").slice(0, 160);
    this.ledger.unexpected.push(`${what}: HTTP ${answer.status}${answer.location ? ` → ${answer.location}` : ""} ${snippet}`);
  }

  /** Runs `workers` concurrent learners until stop() (or the server dies under them). */
  async run(workers: number) {
    this.stopped = false;
    await Promise.all(Array.from({ length: workers }, () => this.worker()));
  }

  stop() {
    this.stopped = true;
  }

  /** Enough learners for every worker, then mostly the same ones: registering costs a password hash. */
  private takeLearner(): Learner | "new" {
    const idle = this.ledger.learners.filter((l) => !l.busy && l.registered);
    if (idle.length < 4 || Math.random() < 0.04) return "new";
    return pick(idle)!;
  }

  private async worker() {
    while (!this.stopped) {
      const choice = this.takeLearner();
      let learner: Learner | undefined;
      try {
        if (choice === "new") {
          learner = await this.register();
          if (!learner) continue;
        } else {
          learner = choice;
          learner.busy = true;
        }
        if (!learner.enrolled.has(1)) await this.enrol(learner, 1);
        if (!this.course && learner.enrolled.has(1)) await this.discover(learner);
        for (let i = 0, n = 3 + rand(6); i < n && !this.stopped; i++) await this.act(learner);
      } catch (error) {
        if (!(error instanceof Unanswered)) throw error;
        this.ledger.unanswered++;
        // The server is gone: this worker's round is over.
        return;
      } finally {
        if (learner) learner.busy = false;
      }
    }
  }

  private async register(): Promise<Learner | undefined> {
    const n = ++learnerSeq;
    const learner: Learner = {
      email: `crash-${runId}-${n}@academia.test`,
      password: `clave-${n}-${Math.random().toString(36).slice(2, 10)}`,
      name: `Alumna Prueba ${n}`,
      browser: new Browser(this.base),
      registered: false,
      enrolled: new Set(),
      visited: new Set(),
      profileHistory: [],
      busy: true,
    };
    let answer: Answer;
    const started = Date.now();
    try {
      answer = await submit(learner.browser, "/registro", {
        name: learner.name,
        email: learner.email,
        password: learner.password,
        confirmPassword: learner.password,
      });
    } catch (error) {
      if (error instanceof Unanswered) this.ledger.unknownRegistrations.push(learner.email);
      throw error;
    }
    if (answer.status !== 302 || answer.location !== "/dashboard") {
      this.unexpected("registro", answer);
      return undefined;
    }
    this.ledger.time("register", Date.now() - started);
    learner.registered = true;
    this.ledger.learners.push(learner);
    this.ledger.ack({ kind: "register", email: learner.email, password: learner.password, name: learner.name });
    return learner;
  }

  private async enrol(learner: Learner, courseId: number) {
    const answer = await submit(learner.browser, `/cursos/${courseId}/inscribir`, {});
    if (answer.status === 302 && answer.location === `/cursos/${courseId}/contenido`) {
      learner.enrolled.add(courseId);
      this.ledger.ack({ kind: "enrol", email: learner.email, courseId });
    } else this.unexpected(`inscribir ${courseId}`, answer);
  }

  /** Learns course 1's lessons from its pages, as a learner finds them: links, exam form, video player. */
  private discover(learner: Learner): Promise<void> {
    this.discovering ??= (async () => {
      const page = await learner.browser.get("/cursos/1/contenido");
      if (page.status !== 200) {
        this.unexpected("contenido", page);
        this.discovering = undefined;
        return;
      }
      const lessonIds = [...new Set([...page.body.matchAll(/[?&](?:amp;)?leccion=(\d+)/g)].map((m) => Number(m[1])))];
      const map: CourseMap = { courseId: 1, lessonIds, examLessonIds: [], videoLessonIds: [], openLessonIds: [] };
      // A GET only reads: the lessons found here are still to be visited (opened) by this learner too.
      for (const id of lessonIds) {
        const lessonPage = await learner.browser.get(`/cursos/1/contenido?leccion=${id}`);
        if (lessonPage.status !== 200) continue;
        if (/value="exam-start"/.test(lessonPage.body)) map.examLessonIds.push(id);
        else if (/<video[\s>]/.test(lessonPage.body)) map.videoLessonIds.push(id);
        else if (/value="lesson-opened"/.test(lessonPage.body)) map.openLessonIds.push(id);
      }
      this.course = map;
    })();
    return this.discovering;
  }

  private async act(learner: Learner) {
    const started = Date.now();
    const kind = await this.actOnce(learner);
    this.ledger.time(kind, Date.now() - started);
  }

  private async actOnce(learner: Learner): Promise<string> {
    const course = this.course;
    const roll = Math.random();
    if (!course || roll < 0.3) {
      if (course && (await this.visit(learner, course))) return "visit";
      await this.saveProfile(learner);
      return "profile";
    }
    if (roll < 0.4) {
      await this.watch(learner, course);
      return "watch";
    }
    if (roll < 0.65) {
      await this.exam(learner, course);
      return "exam";
    }
    const other = [2, 3].filter((id) => !learner.enrolled.has(id));
    if (roll < 0.95 || other.length === 0) {
      await this.saveProfile(learner);
      return "profile";
    }
    await this.enrol(learner, pick(other)!);
    return "enrol";
  }

  private async visit(learner: Learner, course: CourseMap): Promise<boolean> {
    // A lesson opened before writes nothing new: open the ones this learner has not seen yet, as the page
    // does — read it, then post that it was shown.
    const lessonId = pick(course.openLessonIds.filter((id) => !learner.visited.has(id)));
    if (!lessonId) return false;
    const path = `/cursos/${course.courseId}/contenido?leccion=${lessonId}`;
    const shown = await open(learner.browser, path);
    if (shown.status !== 200) {
      this.unexpected(`lección ${lessonId}`, shown);
      return true;
    }
    const answer = await submit(learner.browser, path, { intent: "lesson-opened", leccion: String(lessonId) });
    if (answer.status === 200) {
      learner.visited.add(lessonId);
      this.ledger.ack({ kind: "visit", email: learner.email, courseId: course.courseId, lessonId });
    } else this.unexpected(`lección ${lessonId}`, answer);
    return true;
  }

  private async watch(learner: Learner, course: CourseMap) {
    const lessonId = pick(course.videoLessonIds);
    if (!lessonId) return void (await this.saveProfile(learner));
    const answer = await submit(learner.browser, `/cursos/${course.courseId}/contenido?leccion=${lessonId}`, {
      intent: "video-watched",
      leccion: String(lessonId),
    });
    if (answer.status === 200) this.ledger.ack({ kind: "watch", email: learner.email, courseId: course.courseId, lessonId });
    else this.unexpected(`video-watched ${lessonId}`, answer);
  }

  private async exam(learner: Learner, course: CourseMap) {
    const lessonId = pick(course.examLessonIds);
    if (!lessonId) return void (await this.saveProfile(learner));
    const path = `/cursos/${course.courseId}/contenido?leccion=${lessonId}`;
    const started = await submit(learner.browser, path, { intent: "exam-start", leccion: String(lessonId) });
    const attemptId = Number(/[?&]intento=(\d+)/.exec(started.location ?? "")?.[1]);
    if (started.status !== 302 || !attemptId) return this.unexpected("exam-start", started);
    this.ledger.ack({ kind: "exam-start", email: learner.email, lessonId, attemptId });

    const page = await learner.browser.get(started.location!);
    const options = new Map<number, number[]>();
    for (const m of page.body.matchAll(/<input[^>]*>/g)) {
      const name = /name="respuesta-(\d+)"/.exec(m[0])?.[1];
      const value = /value="(\d+)"/.exec(m[0])?.[1];
      if (name && value) options.set(Number(name), [...(options.get(Number(name)) ?? []), Number(value)]);
    }
    if (page.status !== 200 || options.size === 0) return this.unexpected("examen abierto", page);
    // Mostly the first option, so a few attempts pass by chance and complete the course.
    const answers: Record<number, number> = {};
    for (const [qid, values] of options) answers[qid] = Math.random() < 0.7 ? values[0]! : pick(values)!;
    const fields: Record<string, string> = { intent: "exam-submit", leccion: String(lessonId), intento: String(attemptId) };
    for (const [qid, value] of Object.entries(answers)) fields[`respuesta-${qid}`] = String(value);
    const submitted = await submit(learner.browser, path, fields);
    if (submitted.status === 302 && submitted.location?.includes(`intento=${attemptId}`)) {
      this.ledger.ack({ kind: "exam-submit", email: learner.email, lessonId, attemptId, answers });
    } else this.unexpected("exam-submit", submitted);
  }

  private async saveProfile(learner: Learner) {
    const n = learner.profileHistory.length + 1;
    const values: ProfileValues = {
      name: `${learner.name} v${n}`,
      phone: `+56 9 ${String(rand(1e8)).padStart(8, "0")}`,
      address: `Calle ${rand(9000) + 1}, Santiago (${n})`,
    };
    const entry = { values, outcome: "unknown" as "acked" | "unknown" | "refused" };
    learner.profileHistory.push(entry);
    const answer = await submit(learner.browser, "/perfil", { intent: "profile", ...values });
    if (answer.status === 200 && answer.body.includes("Perfil actualizado correctamente.")) {
      entry.outcome = "acked";
      this.ledger.ack({ kind: "profile", email: learner.email, values });
    } else {
      entry.outcome = "refused";
      this.unexpected("perfil", answer);
    }
  }
}
