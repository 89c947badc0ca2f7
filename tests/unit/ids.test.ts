import { describe, expect, it } from "vitest";
import { idSchema, MAX_ID, parseId } from "~/domain/ids";

describe("qué es un id válido (una sola regla)", () => {
  it.each(["1", "42", String(MAX_ID), 7])("%s es un id", (value) => {
    expect(parseId(value)).toBe(Number(value));
    expect(idSchema.safeParse(value).success).toBe(true);
  });
  it.each(["", "0", "-1", "1e3", " 7", "7 ", "+7", "0x10", "007", "1.5", String(MAX_ID + 1), "99999999999", null, undefined, 0, 1.5, NaN, "٣"])(
    "%s no es un id",
    (value) => {
      expect(parseId(value)).toBeNull();
      expect(idSchema.safeParse(value).success).toBe(false);
    },
  );
});
