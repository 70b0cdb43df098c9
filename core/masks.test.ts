import { expect, it } from "vitest";
import { maskCep, maskCpf, maskPhone } from "./masks.ts";

it("masks a cell phone as (99) 99999-9999 while typing", () => {
  expect(maskPhone("8")).toBe("(8");
  expect(maskPhone("8199")).toBe("(81) 99");
  expect(maskPhone("8199876543")).toBe("(81) 9987-6543");
  expect(maskPhone("81998765432")).toBe("(81) 99876-5432");
  expect(maskPhone("(81) 99876-54321")).toBe("(81) 99876-5432");
});

it("masks CEP and CPF", () => {
  expect(maskCep("51021000")).toBe("51021-000");
  expect(maskCep("5102")).toBe("5102");
  expect(maskCpf("52998224725")).toBe("529.982.247-25");
});
