// A seat purchase's line on its checkout, receipt page and mails: quantity × unit price = total.
import { describe, expect, it } from "vitest";
import { seatCount, seatsLine } from "~/domain/commerce";

describe("la línea de una compra de cupos", () => {
  it("cantidad × precio = total, en pesos chilenos", () => {
    expect(seatsLine(30, 20_000)).toBe("30 cupos × $20.000 = $600.000");
    expect(seatsLine(1_200, 20_000)).toBe("1.200 cupos × $20.000 = $24.000.000");
  });

  it("un cupo en singular", () => {
    expect(seatCount(1)).toBe("1 cupo");
    expect(seatsLine(1, 15_990)).toBe("1 cupo × $15.990 = $15.990");
  });
});
