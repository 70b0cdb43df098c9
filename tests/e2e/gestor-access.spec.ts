import { expect, test } from "./support/fixtures.ts";
import { logInStaff } from "./support/gestor.ts";

test.describe("the gestor area's door", () => {
  test("sends a visitor to the staff login and lets a logged-in atendente in", async ({ page, context, visit }) => {
    await visit("/gestor");
    await expect(page).toHaveURL(/\/gestor\/entrar\?redirectTo=%2Fgestor$/);
    await expect(page.getByRole("heading", { name: "Entrar na área do gestor" })).toBeVisible();

    const person = await logInStaff(context, "atendimento", "Carla Atendente");
    await visit("/gestor");
    await expect(page.getByTestId("gestor-staff")).toHaveText("Carla Atendente (Atendimento)");
    const menu = page.getByRole("navigation", { name: "Área do gestor" });
    await expect(menu.getByRole("link", { name: "Pedidos" })).toBeVisible();
    // The team and the audit log are the admins'.
    await expect(menu.getByRole("link", { name: "Equipe" })).toHaveCount(0);
    expect(person.role).toBe("atendimento");

    await page.getByRole("button", { name: "Sair" }).click();
    await expect(page.getByRole("heading", { name: "Entrar na área do gestor" })).toBeVisible();
    await visit("/gestor");
    await expect(page).toHaveURL(/\/gestor\/entrar/);
  });
});
