/**
 * The gestor area's catalogue calls (api/contract/gestor/catalogue.ts; docs/decisions/0032):
 * every staff member reads, only admins write (atendimento gets 403 on every write).
 */
import { Hono, type Context } from "hono";
import type { BodyOf } from "../../contract/endpoint.ts";
import { gestorCatalogue } from "../../contract/gestor/catalogue.ts";
import type { ApiDeps } from "../../deps.ts";
import { badRequest, notFound } from "../../errors.ts";
import { areaStoreId } from "../area-store.ts";
import { at, validated } from "../../validation.ts";
import { recordAudit } from "../audit/audit-log.ts";
import { PART_ROLES } from "../../contract/gestor/staff.ts";
import { requireAdmin, requireStaff, staffActor, type StaffEnv } from "../staff/require-staff.ts";
import { exportProductsCsv, importProducts } from "./catalogue-csv.ts";
import {
  changedFields,
  checkProductForm,
  findProductRow,
  ProductFieldError,
  productText,
  writeProduct,
} from "./catalogue-products.ts";
import { listCategoryRows, listHighlights, saveBanner, saveCategory, saveHighlight } from "./catalogue-sections.ts";
import { followCapacity, seatsOccupied } from "./course-capacity.ts";
import { storeProductImage } from "./product-images.ts";
import { productExtrasText, readVariants, variantsAuditText, writeProductOptions } from "./product-options.ts";
import { GESTOR_PAGE_SIZE, paging } from "../../contract/gestor/paging.ts";
import { likePattern, normalizeForSearch } from "#db/search-text.ts";

type ProductBody = BodyOf<typeof gestorCatalogue.createProduct>;

/** What the audit keeps of a product's options, beside its own fields' text. */
async function optionsAuditText(db: ApiDeps["db"], storeId: number, row: Parameters<typeof productExtrasText>[0]) {
  const variants = await readVariants(db, storeId, row.id);
  return { ...productExtrasText(row), variants: variantsAuditText(variants.map((variant) => variant.fields)) };
}

async function saveProduct(deps: ApiDeps, c: Context<StaffEnv>, body: ProductBody, productId: string | null) {
  const storeId = await areaStoreId(deps);
  const checked = checkProductForm({ ...body.fields, variants: body.variants ?? [] });
  if (checked.errors) throw badRequest(checked.errors[0]!.message);
  const { optionName, sizeChart, capacity, variants, ...fields } = checked.fields;
  const now = deps.now();
  const id = await deps.db.transaction().execute(async (trx) => {
    const existing = productId ? await findProductRow(trx, storeId, { id: productId }) : undefined;
    if (productId && !existing) throw notFound("Produto não encontrado.");
    const image = body.image ? await storeProductImage(trx, body.image, now) : undefined;
    const optionsBefore = existing ? await optionsAuditText(trx, storeId, existing) : null;
    let written;
    try {
      written = await writeProduct(trx, storeId, fields, existing, { image, now });
      await writeProductOptions(trx, storeId, written.id, { optionName, sizeChart, capacity, variants }, { now });
      await followCapacity(
        trx,
        storeId,
        existing,
        { ...fields, capacity },
        {
          staffId: c.get("staff").id,
          at: now.toISOString(),
          whatsapp: deps.whatsapp,
        },
      );
    } catch (error) {
      if (error instanceof ProductFieldError) throw badRequest(error.message);
      throw error;
    }
    const saved = await findProductRow(trx, storeId, { id: written.id });
    const { before, after } = changedFields(written.before && { ...written.before, ...optionsBefore }, {
      ...written.after,
      ...(await optionsAuditText(trx, storeId, saved!)),
    });
    await recordAudit(
      trx,
      staffActor(c),
      {
        action: written.created ? "product.create" : "product.update",
        targetType: "product",
        targetId: written.id,
        summary: `${written.created ? "Criou" : "Alterou"} o produto ${written.after.NOME}`,
        before,
        after,
      },
      now,
    );
    return written.id;
  });
  return c.json({ product: { id } });
}

export function catalogueRoutes(deps: ApiDeps) {
  // The network's roles read (atendimento answers families about products); never a unit's
  // secretary (decision 0061); admins write.
  const readers = requireStaff(deps, { roles: PART_ROLES.catalogue });
  const admins = requireAdmin(deps);
  const { listProducts, getProduct, createProduct, updateProduct, createCategory, updateCategory } = gestorCatalogue;
  const { updateHighlight, updateBanner, previewImport, runImport } = gestorCatalogue;
  return new Hono<StaffEnv>()
    .on(...at(listProducts), readers, validated(listProducts), async (c) => {
      const storeId = await areaStoreId(deps);
      const { q, categoria, visivel, page } = c.req.valid("query");
      let query = deps.db
        .selectFrom("products")
        .innerJoin("categories", "categories.id", "products.category_id")
        .where("products.store_id", "=", storeId);
      if (q) query = query.where("products.search_text", "like", likePattern(normalizeForSearch(q)));
      if (categoria) query = query.where("categories.slug", "=", categoria);
      if (visivel) query = query.where("products.visible", "=", visivel === "sim" ? 1 : 0);
      const { total } = await query
        .select((eb) => eb.fn.countAll<string | number>().as("total"))
        .executeTakeFirstOrThrow();
      const pages = paging(page, Number(total));
      const rows = await query
        .select([
          "products.id",
          "products.item_totvs_id",
          "products.title",
          "products.price_cents",
          "products.sale_price_cents",
          "products.visible",
          "categories.title as category_title",
          "categories.slug as category_slug",
        ])
        .orderBy("products.title")
        .orderBy("products.id")
        .limit(GESTOR_PAGE_SIZE)
        .offset(pages.offset)
        .execute();
      return c.json({
        rows: rows.map((row) => ({
          id: row.id,
          itemTOTVSId: row.item_totvs_id,
          title: row.title,
          category: { title: row.category_title, slug: row.category_slug },
          PRECO: row.price_cents / 100,
          DESCONTO: row.sale_price_cents / 100,
          visible: row.visible === 1,
        })),
        page: pages.page,
        pageCount: pages.pageCount,
        total: Number(total),
      });
    })
    .on(...at(getProduct), readers, validated(getProduct), async (c) => {
      const { productId } = c.req.valid("param");
      const row = await findProductRow(deps.db, await areaStoreId(deps), { id: productId });
      if (!row) throw notFound("Produto não encontrado.");
      return c.json({
        product: {
          id: row.id,
          shopPath: `/produto/${row.category_slug}/${row.slug}`,
          fields: { ...(await productText(deps.db, row)), ...productExtrasText(row) },
          variants: await readVariants(deps.db, row.store_id, row.id),
          seatsTaken: await seatsOccupied(deps.db, row.store_id, {
            unitCode: row.unit_code,
            itemTOTVSId: row.item_totvs_id,
            capacity: row.capacity,
          }),
        },
      });
    })
    .on(...at(createProduct), admins, validated(createProduct), (c) => saveProduct(deps, c, c.req.valid("json"), null))
    .on(...at(updateProduct), admins, validated(updateProduct), (c) =>
      saveProduct(deps, c, c.req.valid("json"), c.req.valid("param").productId),
    )
    .on(...at(gestorCatalogue.options), readers, async (c) => {
      const storeId = await areaStoreId(deps);
      const [categories, series] = await Promise.all([
        deps.db
          .selectFrom("categories")
          .select(["slug", "title"])
          .where("store_id", "=", storeId)
          .orderBy("position")
          .orderBy("title")
          .execute(),
        deps.db
          .selectFrom("series")
          .select(["id", "course", "grade_name", "period_code"])
          .where("store_id", "=", storeId)
          .orderBy("period_code", "desc")
          .orderBy("position")
          .execute(),
      ]);
      return c.json({
        categories,
        series: series.map((serie) => ({
          id: serie.id,
          label: `${serie.grade_name} · ${serie.course} (${serie.period_code.slice(0, 4)})`,
        })),
      });
    })
    .on(...at(gestorCatalogue.listCategories), readers, async (c) =>
      c.json({ categories: await listCategoryRows(deps.db, await areaStoreId(deps)) }),
    )
    .on(...at(createCategory), admins, validated(createCategory), async (c) => {
      const id = await saveCategory(deps.db, await areaStoreId(deps), null, c.req.valid("json"), {
        actor: staffActor(c),
        now: deps.now(),
      });
      return c.json({ category: { id } });
    })
    .on(...at(updateCategory), admins, validated(updateCategory), async (c) => {
      const { categoryId } = c.req.valid("param");
      const fields = c.req.valid("json");
      await saveCategory(deps.db, await areaStoreId(deps), categoryId, fields, {
        actor: staffActor(c),
        now: deps.now(),
      });
      return c.json({ category: { id: categoryId } });
    })
    .on(...at(gestorCatalogue.listHighlights), readers, async (c) =>
      c.json({ highlights: await listHighlights(deps.db, await areaStoreId(deps)) }),
    )
    .on(...at(updateHighlight), admins, validated(updateHighlight), async (c) => {
      const { highlightId } = c.req.valid("param");
      const fields = c.req.valid("json");
      await saveHighlight(deps.db, await areaStoreId(deps), highlightId, fields, {
        actor: staffActor(c),
        now: deps.now(),
      });
      return c.json({ highlight: { id: highlightId } });
    })
    .on(...at(updateBanner), admins, validated(updateBanner), async (c) => {
      const ids = c.req.valid("param");
      const fields = c.req.valid("json");
      await saveBanner(deps.db, await areaStoreId(deps), ids, fields, { actor: staffActor(c), now: deps.now() });
      return c.json({ banner: { id: ids.bannerId } });
    })
    .on(...at(previewImport), admins, validated(previewImport), async (c) => {
      const { csv } = c.req.valid("json");
      const now = deps.now();
      return c.json(
        await importProducts(deps.db, await areaStoreId(deps), csv, { commit: false, actor: staffActor(c), now }),
      );
    })
    .on(...at(runImport), admins, validated(runImport), async (c) => {
      const { csv } = c.req.valid("json");
      const now = deps.now();
      const report = await importProducts(deps.db, await areaStoreId(deps), csv, {
        commit: true,
        actor: staffActor(c),
        now,
      });
      if (report.errors.length > 0)
        throw badRequest(
          `Nada foi importado: ${report.errors.length === 1 ? "1 erro" : `${report.errors.length} erros`} no arquivo. Confira a prévia.`,
        );
      return c.json(report);
    })
    .on(...at(gestorCatalogue.exportProducts), readers, async (c) => {
      const csv = await exportProductsCsv(deps.db, await areaStoreId(deps));
      return c.body(csv, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'attachment; filename="produtos.csv"',
      });
    });
}
