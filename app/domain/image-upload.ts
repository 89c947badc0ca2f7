// What the owner is told about an uploaded image (a reading's figure, a course's cover), and its limit, in one
// place for the server that decides it, the editor that checks the size first, and the tests.

/** The largest image accepted, in MB: a phone's photo fits; the stored copies are far smaller. */
export const IMAGE_MAX_MB = 10;

export const imageMessages = {
  noFile: "Elige una imagen para subir.",
  tooLarge: `La imagen pesa más de ${IMAGE_MAX_MB} MB. Redúcela o elige otra.`,
  notImage: "El archivo no es una imagen PNG, JPEG, WebP o GIF: su contenido no corresponde a ninguno de esos formatos.",
  animated: "Las imágenes animadas no se aceptan: sube una imagen fija.",
  unreadable: "No se pudo leer la imagen: el archivo está dañado o incompleto.",
  tooManyPixels: "La imagen es demasiado grande en píxeles. Redúcela a menos de 50 megapíxeles.",
  altRequired: "Escribe el texto alternativo: describe en pocas palabras lo que muestra la imagen.",
  notReading: "Las imágenes se agregan a lecciones de tipo Lectura.",
  uploaded: "Imagen subida.",
} as const;

/** Said before sending, with JavaScript, for a file over the limit (the server refuses it anyway). */
export function imageTooLarge(size: number): boolean {
  return size > IMAGE_MAX_MB * 1024 * 1024;
}
