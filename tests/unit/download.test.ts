import { expect, test } from "vitest";
import { contentDisposition, downloadResponse } from "~/server/platform/http/download.server";

test("el nombre del archivo llega entero (RFC 5987) y con una versión ASCII para clientes antiguos", () => {
  expect(contentDisposition("attachment", 'Ñuñoa "RCP" básico.csv')).toBe(
    `attachment; filename="Nunoa _RCP_ basico.csv"; filename*=UTF-8''%C3%91u%C3%B1oa%20%22RCP%22%20b%C3%A1sico.csv`,
  );
});

test("una descarga es privada, de su tipo y nunca se adivina como otra cosa", () => {
  const response = downloadResponse("a;b\n", { filename: "ventas.csv", type: "csv", length: 4 });
  expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("content-length")).toBe("4");
});
