// The prose of the public pages (home, about, course list, contact). It reaches the browser as loader
// data, inside the server-rendered HTML, rather than inside the JavaScript bundles: the public pages
// have a 120 KB gzip JavaScript budget and React + React Router already use most of it.
// Components in app/ui/public lay it out (their props describe its shape); each text is written once, here.
import { site } from "~/config/site";

export const homeContent = {
  hero: {
    badge: `${site.tagline} · ${site.city}, ${site.country}`,
    titleStart: "Prepárate para actuar cuando",
    titleHighlight: "cada minuto cuenta",
    intro:
      "Cursos de reanimación cardiopulmonar, primeros auxilios y seguridad privada para personas y empresas en Chile, con un certificado que cualquiera puede verificar en línea.",
    primaryAction: "Ver cursos",
    secondaryAction: "Capacitación para empresas",
    points: [
      { icon: "award", text: "Certificado verificable" },
      { icon: "laptop", text: "Estudia a tu ritmo, 100 % online" },
      { icon: "shield", text: "Contenidos según guías vigentes" },
    ],
    imageAlt: "Ilustración: curso en línea con un corazón y su pulso, un desfibrilador externo automático (DEA) y un botiquín",
    stat: { value: "5000+ alumnos", label: "capacitados en Chile" },
  },
  featured: {
    eyebrow: "Curso destacado",
    title: "Empieza por lo esencial",
    intro: "Aprende a reconocer un paro cardíaco y a actuar de inmediato, desde donde estés.",
    action: "Ver curso",
  },
  about: {
    eyebrow: site.name,
    title: "Quiénes Somos",
    text: "Somos una academia chilena dedicada a la capacitación en salud y seguridad. Hace más de diez años formamos a personas, equipos de trabajo y empresas para que sepan prevenir riesgos y responder con calma y eficacia ante una emergencia.",
    highlights: [
      "Material ilustrado y descargable, con las guías que sigue en cada lección.",
      "Contenidos actualizados según las guías internacionales y la normativa chilena.",
      "Programas para personas y capacitación a la medida de cada empresa.",
    ],
    link: "Conoce más sobre nosotros",
    imageAlt: "Ilustración: una instructora enseña primeros auxilios a un grupo de alumnos",
  },
  testimonials: {
    eyebrow: "Testimonios",
    title: "Lo que dicen nuestros alumnos",
    // Real testimonials only, entered in the brand config (app/config/site.ts); none by default, and then the
    // home page leaves the section out.
    items: site.claims.testimonials,
  },
  cta: {
    title: "¿Necesitas capacitar a tu equipo?",
    text: "Diseñamos programas a la medida de tu empresa, en línea o presenciales. Cuéntanos qué necesitas y te responderemos a la brevedad.",
    action: "Contáctanos",
    phone: `o llámanos al ${site.phone}`,
  },
} as const;

export const aboutContent = {
  hero: {
    eyebrow: "Nosotros",
    title: "Formamos personas preparadas para proteger la vida",
    intro:
      "Somos una academia chilena de capacitación en salud y seguridad. Enseñamos a prevenir riesgos y a actuar con confianza cuando alguien más lo necesita.",
  },
  who: {
    eyebrow: "Nuestra historia",
    title: "Quiénes somos",
    paragraphs: [
      `${site.name} nació en ${site.city} con una convicción simple: cualquier persona puede aprender a actuar ante una emergencia, y hacerlo bien marca la diferencia. Desde entonces hemos capacitado a miles de personas en reanimación cardiopulmonar, primeros auxilios y seguridad.`,
      "Trabajamos con particulares, colegios, comercios, constructoras, centros de salud y empresas de seguridad de todo Chile. Nuestro equipo reúne a enfermeras, paramédicos, prevencionistas de riesgos y especialistas en seguridad, que llevan su experiencia en terreno a cada curso.",
    ],
    stats: [
      { value: "10+", label: "años de experiencia" },
      { value: "5000+", label: "alumnos capacitados" },
      { value: "100+", label: "empresas" },
    ],
  },
  mission: {
    title: "Nuestra misión",
    text: "Entregar capacitación en salud y seguridad de alta calidad, accesible y práctica, para que personas y organizaciones sepan prevenir riesgos y responder con eficacia ante una emergencia.",
  },
  vision: {
    title: "Nuestra visión",
    text: "Ser la academia de referencia en Chile en formación para la prevención y la respuesta ante emergencias, con una comunidad en la que cada hogar y cada lugar de trabajo cuente con alguien preparado para ayudar.",
  },
  letter: {
    eyebrow: "Carta de la directora",
    title: "Aprender a ayudar es aprender a cuidar",
    paragraphs: [
      "Querida comunidad:",
      "Durante años he visto cómo los primeros minutos de una emergencia lo cambian todo. Casi nunca hay un profesional de la salud cerca: quien está presente es un compañero de trabajo, una profesora, un guardia o un familiar. Por eso creamos esta academia, para que esa persona sepa qué hacer.",
      "Cada curso que ofrecemos está pensado para que aprendas con claridad, practiques con confianza y recibas una certificación que respalde tu esfuerzo. Gracias por confiar en nosotros; es un honor acompañarte en este camino.",
      "Con afecto,",
    ],
    director: site.director,
  },
  values: {
    eyebrow: "Lo que nos mueve",
    title: "Nuestros valores",
    items: [
      {
        name: "Excelencia",
        icon: "award",
        text: "Enseñamos con rigor, con contenidos revisados por profesionales y actualizados según la evidencia científica.",
      },
      {
        name: "Responsabilidad",
        icon: "shield",
        text: "Sabemos que lo que enseñamos puede salvar una vida: cuidamos cada detalle y cada certificado que emitimos.",
      },
      {
        name: "Innovación",
        icon: "lightbulb",
        text: "Usamos la tecnología para que aprender sea flexible, accesible y práctico, desde cualquier lugar de Chile.",
      },
      {
        name: "Prevención",
        icon: "heart-pulse",
        text: "Creemos que la mejor emergencia es la que se evita: formamos personas que anticipan riesgos y los reducen.",
      },
    ],
  },
  next: {
    title: "¿Listo para dar el primer paso?",
    text: "Revisa nuestros cursos o escríbenos para diseñar una capacitación a la medida de tu equipo.",
  },
} as const;

export const catalogueContent = {
  hero: {
    eyebrow: "Cursos",
    title: "Nuestros cursos",
    intro:
      "Capacitación en salud y seguridad para personas y empresas: aprende a prevenir riesgos y a actuar ante una emergencia, con certificación.",
  },
  banner: {
    eyebrow: "Empresas e instituciones",
    title: "¿Necesitas un programa personalizado?",
    text: "Diseñamos capacitaciones a la medida de tu organización: contenidos según tus riesgos, horarios flexibles y modalidad online, presencial o mixta.",
    action: "Solicitar programa personalizado",
  },
  benefits: {
    eyebrow: "Beneficios",
    title: "¿Por qué estudiar con nosotros?",
    items: [
      { icon: "award", title: "Certificación verificable", text: "Cada certificado lleva un código único y un código QR que cualquiera puede verificar en línea." },
      // "Instructores certificados" only when the academy's instructors hold a certification it can show
      // (app/config/site.ts); otherwise a benefit every learner gets.
      site.claims.instructors
        ? { icon: "user" as const, ...site.claims.instructors }
        : {
            icon: "heart-pulse" as const,
            title: "Práctica de ritmo de compresiones",
            text: "Un entrenador en el navegador para tomar el ritmo de 100 a 120 por minuto. La profundidad se practica con maniquí.",
          },
      { icon: "laptop", title: "A tu ritmo, en cualquier dispositivo", text: "Estudia cuando quieras desde el computador o el celular; tu avance queda guardado." },
      { icon: "shield", title: "Contenidos actualizados", text: "Basados en las guías internacionales vigentes y adaptados a la normativa chilena." },
      { icon: "book", title: "Material descargable", text: "Presentaciones y documentos en PDF para repasar cuando lo necesites." },
      { icon: "check-circle", title: "Evaluación con retroalimentación", text: "Una evaluación final que te muestra qué dominas y qué repasar." },
    ],
  },
  faqs: {
    eyebrow: "Preguntas frecuentes",
    title: "Resolvemos tus dudas",
    intro: "¿No encuentras lo que buscas? Escríbenos y te responderemos a la brevedad.",
    items: [
      {
        question: "¿Cómo me inscribo en un curso?",
        answer:
          "Crea tu cuenta o inicia sesión, elige el curso y presiona «Comprar curso». Quedarás inscrito de inmediato y podrás comenzar desde tu panel.",
      },
      {
        question: "¿Puedo estudiar a mi propio ritmo?",
        answer:
          "Sí. Los cursos online están disponibles las 24 horas y tu avance queda guardado, para que retomes donde lo dejaste desde cualquier dispositivo.",
      },
      {
        question: "¿Recibo un certificado al terminar?",
        answer:
          "Sí. Al completar el curso y aprobar la evaluación final con un 70 % o más, recibes un certificado digital con un código QR que permite verificarlo en línea. Lo emite la academia y acredita la parte teórica del curso: no evalúa habilidades prácticas.",
      },
      {
        question: "¿Necesito conocimientos previos?",
        answer:
          "La mayoría de nuestros cursos no exige experiencia previa. Cuando un curso tiene requisitos (por ejemplo, edad mínima), los encontrarás en su página de detalle.",
      },
    ],
  },
} as const;

export const contactContent = {
  hero: {
    eyebrow: "Contacto",
    title: "Conversemos",
    intro: "¿Tienes dudas sobre un curso o quieres capacitar a tu equipo? Escríbenos y te responderemos a la brevedad.",
  },
  faqs: {
    eyebrow: "Preguntas frecuentes",
    title: "Antes de escribirnos",
    intro: "Quizás tu pregunta ya tiene respuesta.",
    items: [
      {
        question: "¿Cómo me inscribo en un curso?",
        answer:
          "Crea tu cuenta, elige el curso en la sección Cursos y presiona «Comprar curso». La inscripción es inmediata y podrás comenzar desde tu panel.",
      },
      {
        question: "¿Realizan capacitaciones para empresas?",
        answer:
          "Sí. Diseñamos programas a la medida de cada organización, en línea, presenciales o mixtos. Escríbenos con el asunto «Capacitación para empresas» y te enviaremos una propuesta.",
      },
      {
        question: "¿Cuánto duran los cursos?",
        answer:
          "Depende del curso: cada uno indica sus horas de dedicación estimada. Los cursos online se estudian a tu ritmo, así que puedes avanzar según tu disponibilidad.",
      },
      {
        question: "¿Los cursos entregan certificación?",
        answer:
          "Sí. Al completar el curso y aprobar la evaluación final recibes un certificado digital con un código único que cualquiera puede verificar en línea. Lo emite la academia y acredita la parte teórica del curso: no evalúa habilidades prácticas.",
      },
    ],
  },
} as const;
