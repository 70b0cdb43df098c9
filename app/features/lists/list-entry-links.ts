/**
 * Where a material list is read (issue 29): the public pages anyone opens and a parent's list of
 * one linked student (its page lives at /conta/lista-de-material/:studentId). One home for the
 * addresses every entry link uses: /conta's cards, the cart panel, /compra-rapida, the footer.
 */

/** Every published list of the store, by period and course. */
export const PUBLIC_LISTS_PATH = "/listas-de-material";

/** One published list: /listas-de-material/202600/EF06. */
export const publicListPath = (periodCode: string, codgrade: string) =>
  `${PUBLIC_LISTS_PATH}/${encodeURIComponent(periodCode)}/${encodeURIComponent(codgrade)}`;

/** A parent's list of one linked student: ticked lines, sizes and "Adicionar ao carrinho". */
export const studentListPath = (studentId: string) => `/conta/lista-de-material/${encodeURIComponent(studentId)}`;

/** A linked student whose grade of now has a published list, and where its list is. */
export interface StudentListEntry {
  studentId: string;
  /** The student's first name: "Lista de material de Lucas". */
  firstName: string;
  href: string;
}
