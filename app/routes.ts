// The route table: mirrors docs/product-spec.md §2 (plus docs/decisions.md B4, B9 and the resource routes).
import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  // Public pages
  index("routes/home.tsx"),
  route("nosotros", "routes/nosotros.tsx"),
  route("cursos", "routes/cursos.tsx"),
  route("cursos/:id", "routes/curso-detalle.tsx"),
  route("cursos/:courseId/contenido", "routes/curso-contenido.tsx"),
  route("cursos/:id/inscribir", "routes/curso-inscribir.ts"),
  route("cursos/:courseId/sence", "routes/curso-sence.tsx"),
  route("cursos/:id/comprar", "routes/curso-comprar.tsx"),
  route("cursos/:id/avisame", "routes/curso-avisame.tsx"),
  route("cursos/:id/fechas", "routes/curso-fechas.tsx"),
  route("pagos/webpay/retorno", "routes/pago-webpay-retorno.tsx"),
  route("contacto", "routes/contacto.tsx"),
  route("privacidad", "routes/privacidad.tsx"),
  route("certificados", "routes/certificados.tsx"),
  route("certificados/:code", "routes/certificado.tsx"),

  // Accounts
  route("login", "routes/login.tsx"),
  route("registro", "routes/registro.tsx"),
  route("restablecer-contrasena", "routes/restablecer-contrasena.tsx"),
  route("restablecer-contrasena/nueva", "routes/restablecer-contrasena-nueva.tsx"),
  route("logout", "routes/logout.ts"),

  // Signed-in
  layout("routes/signed-in-layout.tsx", [
    route("dashboard", "routes/dashboard.tsx"),
    route("perfil", "routes/perfil.tsx"),
    route("compras", "routes/compras.tsx"),
    route("mis-datos", "routes/mis-datos.tsx"),
    route("compras/:number", "routes/compra.tsx"),
    route("compras/:number/webpay", "routes/compra-webpay.ts"),
    route("compras/:number/documentos/:documentId", "routes/compra-documento.ts"),
    // Companies' portal (docs/decisions.md E2): each loader and action checks the company's managers itself
    route("empresa", "routes/empresa/index.tsx"),
    route("empresa/:companyId", "routes/empresa/empresa.tsx"),
    route("empresa/:companyId/cursos/:courseId", "routes/empresa/curso.tsx"),
    route("empresa/:companyId/cursos/:courseId/carga", "routes/empresa/carga.tsx"),
    route("empresa/:companyId/comprar", "routes/empresa/comprar.tsx"),
    route("empresa/:companyId/sence", "routes/empresa/sence.tsx"),
    route("empresa/:companyId/sence/:actionId", "routes/empresa/sence-accion.tsx"),
    route("empresa/:companyId/cumplimiento", "routes/empresa/cumplimiento.tsx"),
    route("empresa/:companyId/terminar-tratamiento", "routes/empresa/terminar-tratamiento.tsx"),
    route("empresa/:companyId/sesiones", "routes/empresa/sesiones.tsx"),
    route("empresa/:companyId/sesiones/:sessionId", "routes/empresa/sesion.tsx"),
    // In-person skills sessions (docs/skills-sessions.md): a learner's booking, and the instructor's pages,
    // each of which checks the session is the instructor's own
    route("sesiones/:id", "routes/sesion.tsx"),
    route("relator", "routes/relator/index.tsx"),
    route("relator/sesiones/:id", "routes/relator/sesion.tsx"),
    route("relator/sesiones/:id/lista", "routes/relator/lista.tsx"),
  ]),

  // Administration: every path below /admin requires an admin
  ...prefix("admin", [
    layout("routes/admin/admin-layout.tsx", [
      index("routes/admin/index.tsx"),
      route("resumen.csv", "routes/admin/resumen-csv.ts"),
      route("usuarios", "routes/admin/usuarios.tsx"),
      route("usuarios/:id", "routes/admin/usuario.tsx"),
      route("inscripciones", "routes/admin/inscripciones.tsx"),
      route("inscripciones.csv", "routes/admin/inscripciones-csv.ts"),
      route("cursos", "routes/admin/cursos.tsx"),
      route("cursos/nuevo", "routes/admin/curso-nuevo.tsx"),
      route("cursos/:id", "routes/admin/curso-editor.tsx"),
      route("cursos/:id/resultados", "routes/admin/curso-resultados.tsx"),
      route("cursos/:id/lecciones/:lessonId/importar-preguntas", "routes/admin/importar-preguntas.tsx"),
      route("cursos/:id/resultados.csv", "routes/admin/curso-resultados-csv.ts"),
      route("mensajes", "routes/admin/mensajes.tsx"),
      route("correos", "routes/admin/correos.tsx"),
      route("auditoria", "routes/admin/auditoria.tsx"),
      route("ventas", "routes/admin/ventas.tsx"),
      route("ventas.csv", "routes/admin/ventas-csv.ts"),
      route("ventas/:number", "routes/admin/venta.tsx"),
      route("ventas/:number/documentos/:documentId", "routes/admin/venta-documento.ts"),
      route("documentos", "routes/admin/documentos.tsx"),
      route("cupones", "routes/admin/cupones.tsx"),
      route("empresas", "routes/admin/empresas.tsx"),
      route("empresas/:id", "routes/admin/empresa.tsx"),
      route("vencimientos", "routes/admin/vencimientos.tsx"),
      route("sence", "routes/admin/sence.tsx"),
      route("privacidad", "routes/admin/privacidad.tsx"),
      route("privacidad/:id", "routes/admin/privacidad-solicitud.tsx"),
      route("privacidad/:id/descarga", "routes/admin/privacidad-descarga.ts"),
      route("sesiones", "routes/admin/sesiones.tsx"),
      route("sesiones/reportes", "routes/admin/sesiones-reportes.tsx"),
      route("sesiones/reportes.csv", "routes/admin/sesiones-reportes-csv.ts"),
      route("sesiones/:id", "routes/admin/sesion.tsx"),
      route("relatores", "routes/admin/relatores.tsx"),
      route("*", "routes/admin/not-found.tsx"),
    ]),
  ]),

  // Resources
  route("api/auth/*", "routes/api.auth.ts"),
  route("mis-datos/descarga", "routes/mis-datos-descarga.ts"),
  route("archivos/lecciones/:lessonId", "routes/archivo-leccion.ts"),
  route("figuras/:file", "routes/figura.ts"),
  route("certificados/:code/pdf", "routes/certificado-pdf.ts"),
  route("empresa/:companyId/certificados/:code", "routes/empresa/certificado-pdf.ts"),
  route("empresa/:companyId/cursos/:courseId/descargas/:file", "routes/empresa/descarga.ts"),
  route("empresa/:companyId/sence/:actionId/descargas/:file", "routes/empresa/sence-asistencia.ts"),
  // A seat purchase's tax documents (docs/decisions.md F4), for the company's managers
  route("empresa/:companyId/documentos/:documentId", "routes/empresa/documento.ts"),
  // The workers' personal data, for the company as controller (docs/privacy.md)
  route("empresa/:companyId/datos-trabajadores.zip", "routes/empresa/datos-trabajadores.ts"),
  // The compliance matrix's exports (docs/certificate-validity.md)
  route("empresa/:companyId/cumplimiento.xlsx", "routes/empresa/cumplimiento-xlsx.ts"),
  route("empresa/:companyId/cumplimiento/:courseId/nomina.pdf", "routes/empresa/nomina-pdf.ts"),
  route("invitacion/:token", "routes/invitacion.tsx"),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
