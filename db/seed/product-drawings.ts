/**
 * The drawings the demo products' pictures are made of (product-illustrations.ts): one small
 * drawing per kind of item, in a 200×200 box, painted in the product's colours. Only shapes,
 * never text: a card prints the product's name under its picture (issue 25, point 1).
 */

/** A product's colours: `main` for the item, `dark` for its seams and shadows, `light` for details. */
export interface Colours {
  main: string;
  dark: string;
  light: string;
}

type Drawing = (colours: Colours) => string;

const STEEL = "#94a3b8";
const INK = "#334155";
const WOOD = "#fde68a";
const WHITE = "#fff";
/** Fixed colours where an item is several colours at once (colour pencils, highlighters, books). */
const RAINBOW = ["#ef4444", "#f59e0b", "#22c55e", "#3b82f6", "#a855f7", "#ec4899"];
const PASTEL = ["#fde047", "#86efac", "#f9a8d4", "#93c5fd", "#fdba74", "#c4b5fd"];

const range = (count: number) => Array.from({ length: count }, (_, i) => i);

/** Moves and scales a drawing inside the 200×200 box (kits are made of smaller items). */
const place = (x: number, y: number, scale: number, body: string) =>
  `<g transform="translate(${x} ${y}) scale(${scale})">${body}</g>`;

/** A pencil standing in the box, turned `angle` degrees about its tip's neighbourhood. */
function pencil(colour: string, angle: number, end = colour): string {
  return `<g transform="rotate(${angle} 100 180)"><rect x="92" y="40" width="16" height="112" fill="${colour}"/><rect x="92" y="40" width="16" height="12" fill="${end}"/><path d="M92 152h16l-8 26z" fill="${WOOD}"/><path d="M97 167h6l-3 11z" fill="${INK}"/></g>`;
}

// Clothing outlines, shared by the kinds below.
const SHORT_SLEEVES = "M70 25 40 40 8 78l30 28 14-13v85h96V93l14 13 30-28-32-38-30-15q-30 26-60 0z";
const LONG_SLEEVES = "M70 25 42 38 22 80 12 176h26l14-80v92h96V96l14 80h26l-10-96-20-42-28-13q-30 26-60 0z";

/** A t-shirt with a print on the chest: each shirt of the Camisas category gets its own. */
function tshirt(print: (c: Colours) => string): Drawing {
  return (c) =>
    `<path d="${SHORT_SLEEVES}" fill="${c.main}"/><path d="M70 25q30 26 60 0" fill="none" stroke="${c.dark}" stroke-width="7"/>${print(c)}`;
}

function book(x: number, y: number, width: number, height: number, cover: string, spine: string): string {
  return `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="6" fill="${cover}"/><rect x="${x}" y="${y}" width="14" height="${height}" rx="4" fill="${spine}"/><rect x="${x + 30}" y="${y + 18}" width="${width - 48}" height="14" rx="4" fill="${WHITE}" opacity=".8"/>`;
}

const backpack: Drawing = (c) =>
  `<path d="M70 52V40a30 30 0 0 1 60 0v12" fill="none" stroke="${c.dark}" stroke-width="9"/><rect x="38" y="46" width="124" height="144" rx="34" fill="${c.main}"/><path d="M58 80q42-22 84 0" fill="none" stroke="${c.light}" stroke-width="5"/><rect x="58" y="118" width="84" height="58" rx="14" fill="${c.dark}"/><path d="M58 136h84" stroke="${c.light}" stroke-width="4"/><circle cx="100" cy="155" r="9" fill="${c.light}"/>`;

const colourPencils: Drawing = () =>
  range(6)
    .map((i) => pencil(RAINBOW[i]!, -30 + i * 12))
    .join("");

const notebook: Drawing = (c) =>
  `<rect x="52" y="26" width="114" height="158" rx="6" fill="#f1f5f9"/><rect x="44" y="20" width="114" height="158" rx="6" fill="${c.main}"/><rect x="44" y="20" width="18" height="158" rx="4" fill="${c.dark}"/><rect x="78" y="48" width="62" height="30" rx="4" fill="${WHITE}"/><path d="M86 59h46M86 68h28" stroke="${c.dark}" stroke-width="3"/>`;

const ruler: Drawing = (c) =>
  `<g transform="rotate(-32 100 100)"><rect x="-4" y="78" width="208" height="44" rx="4" fill="${c.light}" stroke="${c.main}" stroke-width="3" opacity=".9"/><path d="${range(
    20,
  )
    .map((i) => `M${6 + i * 10} 80v${i % 5 === 0 ? 18 : 9}`)
    .join("")}" stroke="${c.dark}" stroke-width="2"/></g>`;

const glue: Drawing = (c) =>
  `<rect x="60" y="70" width="80" height="115" rx="16" fill="${WHITE}" stroke="#e2e8f0" stroke-width="3"/><rect x="60" y="104" width="80" height="52" fill="${c.main}"/><circle cx="100" cy="130" r="14" fill="${c.light}"/><rect x="74" y="50" width="52" height="24" rx="5" fill="${c.dark}"/><path d="M88 50h24l-12-32z" fill="${c.dark}"/>`;

const DRAWINGS = {
  backpack,
  rollingBackpack: (c) =>
    `<path d="M84 48V10h32v38" fill="none" stroke="${STEEL}" stroke-width="7"/>${place(20, 30, 0.8, backpack(c))}<circle cx="58" cy="184" r="12" fill="${INK}"/><circle cx="142" cy="184" r="12" fill="${INK}"/>`,
  lunchbox: (c) =>
    `<path d="M72 72V58a28 22 0 0 1 56 0v14" fill="none" stroke="${c.dark}" stroke-width="9"/><rect x="25" y="70" width="150" height="112" rx="18" fill="${c.main}"/><rect x="25" y="70" width="150" height="36" rx="16" fill="${c.dark}"/><rect x="85" y="96" width="30" height="18" rx="4" fill="${c.light}"/><circle cx="100" cy="148" r="20" fill="${c.light}"/><circle cx="100" cy="148" r="9" fill="${c.main}"/>`,
  pencilCase: (c) =>
    `<rect x="12" y="70" width="176" height="92" rx="40" fill="${c.main}"/><path d="M30 96h140M30 128h140" stroke="${c.dark}" stroke-width="6" stroke-dasharray="5 4"/><rect x="160" y="90" width="26" height="12" rx="5" fill="${c.light}"/><rect x="160" y="122" width="26" height="12" rx="5" fill="${c.light}"/>`,
  colourPencils,
  graphitePencils: (c) =>
    `${[-22, -8, 6].map((angle) => pencil("#facc15", angle, "#f9a8d4")).join("")}<rect x="122" y="150" width="50" height="28" rx="6" fill="${c.main}"/><rect x="122" y="150" width="22" height="28" rx="6" fill="${WHITE}"/><rect x="28" y="150" width="40" height="30" rx="5" fill="${c.dark}"/><circle cx="48" cy="165" r="7" fill="${INK}"/>`,
  pens: (c) =>
    `${range(6)
      .map(
        (i) =>
          `<rect x="${42 + i * 20}" y="40" width="12" height="76" rx="5" fill="#1d4ed8"/><rect x="${42 + i * 20}" y="40" width="12" height="18" rx="4" fill="#1e3a8a"/>`,
      )
      .join(
        "",
      )}<rect x="30" y="96" width="140" height="86" rx="8" fill="${c.main}"/><rect x="50" y="120" width="100" height="36" rx="6" fill="${c.light}"/>`,
  spiralNotebook: (c) =>
    `<rect x="50" y="26" width="116" height="160" rx="8" fill="#e2e8f0"/><rect x="44" y="20" width="116" height="160" rx="8" fill="${c.main}"/><path d="${range(
      11,
    )
      .map((i) => `M36 ${32 + i * 14}h16`)
      .join(
        "",
      )}" stroke="${STEEL}" stroke-width="5" stroke-linecap="round"/><rect x="70" y="50" width="70" height="34" rx="5" fill="${WHITE}"/><path d="M80 62h50M80 73h32" stroke="${c.dark}" stroke-width="4"/><path d="M60 130h90M60 146h90M60 162h90" stroke="${c.light}" stroke-width="6" opacity=".7"/>`,
  sketchbook: (c) =>
    `<rect x="20" y="40" width="164" height="124" rx="8" fill="${c.main}"/><path d="${range(10)
      .map((i) => `M${34 + i * 15} 32v16`)
      .join(
        "",
      )}" stroke="${STEEL}" stroke-width="5" stroke-linecap="round"/><circle cx="70" cy="104" r="24" fill="#fde047"/><path d="M96 142l30-46 30 46z" fill="${c.light}"/><path d="M40 150q40-20 70 0" fill="none" stroke="${WHITE}" stroke-width="6"/>`,
  notebook,
  binder: (c) =>
    `<rect x="36" y="20" width="132" height="164" rx="12" fill="${c.main}"/><rect x="36" y="20" width="30" height="164" rx="10" fill="${c.dark}"/>${[
      48, 82, 118, 152,
    ]
      .map((y) => `<rect x="42" y="${y}" width="18" height="10" rx="5" fill="${STEEL}"/>`)
      .join(
        "",
      )}<rect x="146" y="20" width="10" height="164" fill="${c.light}"/><rect x="84" y="52" width="48" height="30" rx="4" fill="${WHITE}"/>`,
  ruler,
  scissors: (c) =>
    `<g transform="rotate(-12 100 100)"><path d="M100 108 52 14" stroke="${STEEL}" stroke-width="13" stroke-linecap="round"/><path d="M100 108 148 14" stroke="#cbd5e1" stroke-width="13" stroke-linecap="round"/><ellipse cx="70" cy="152" rx="22" ry="28" fill="none" stroke="${c.main}" stroke-width="13"/><ellipse cx="130" cy="152" rx="22" ry="28" fill="none" stroke="${c.main}" stroke-width="13"/><circle cx="100" cy="108" r="7" fill="${INK}"/></g>`,
  glue,
  highlighters: () =>
    PASTEL.map(
      (colour, i) =>
        `<rect x="${22 + i * 27}" y="44" width="22" height="134" rx="6" fill="${colour}"/><rect x="${22 + i * 27}" y="44" width="22" height="40" rx="6" fill="${colour}" stroke="${INK}" stroke-opacity=".25" stroke-width="3"/>`,
    ).join(""),
  paperReam: (c) =>
    `<path d="M20 108 100 72l80 36-80 36z" fill="${WHITE}"/><path d="M20 108l80 36v46l-80-36z" fill="#e2e8f0"/><path d="M180 108l-80 36v46l80-36z" fill="#cbd5e1"/><path d="M20 118l80 36v30l-80-36z" fill="${c.main}"/><path d="M180 118l-80 36v30l80-36z" fill="${c.dark}"/>`,
  stationeryKit: (c) =>
    `${place(0, 30, 0.62, notebook(c))}${place(70, 10, 0.62, colourPencils(c))}${place(40, 90, 0.55, ruler(c))}${place(110, 110, 0.45, glue(c))}`,
  agenda: (c) =>
    `<rect x="40" y="18" width="126" height="168" rx="14" fill="${c.main}"/><rect x="140" y="18" width="12" height="168" fill="${c.dark}"/><path d="M70 186v12l8-6 8 6v-12" fill="${c.light}"/><rect x="64" y="54" width="56" height="52" rx="6" fill="${WHITE}"/><rect x="64" y="54" width="56" height="14" rx="6" fill="${c.light}"/><path d="M74 80h36M74 92h36M84 72v30M100 72v30" stroke="${c.dark}" stroke-width="3" opacity=".6"/>`,
  mug: (c) =>
    `<path d="M140 84h12a26 26 0 0 1 0 54h-12" fill="none" stroke="${c.main}" stroke-width="13"/><rect x="40" y="60" width="106" height="122" rx="12" fill="${c.main}"/><ellipse cx="93" cy="62" rx="53" ry="8" fill="${c.dark}"/><circle cx="93" cy="122" r="24" fill="${c.light}"/><path d="M78 44q-10-12 0-24M104 44q-10-12 0-24" fill="none" stroke="#cbd5e1" stroke-width="6" stroke-linecap="round"/>`,
  porcelainMug: (c) =>
    `<path d="M140 84h12a26 26 0 0 1 0 54h-12" fill="none" stroke="#e2e8f0" stroke-width="13"/><rect x="40" y="60" width="106" height="122" rx="12" fill="${WHITE}" stroke="#e2e8f0" stroke-width="3"/><ellipse cx="93" cy="62" rx="53" ry="8" fill="#e2e8f0"/><path d="M70 104 93 92l23 12-23 12z" fill="${c.main}"/><path d="M78 112v14q15 10 30 0v-14l-15 8z" fill="${c.dark}"/><path d="M78 44q-10-12 0-24M104 44q-10-12 0-24" fill="none" stroke="#cbd5e1" stroke-width="6" stroke-linecap="round"/>`,
  tumbler: (c) =>
    `<path d="M54 56h92l-12 130H66z" fill="#cbd5e1"/><path d="M60 96h80l-3 34H63z" fill="${c.main}"/><rect x="46" y="38" width="108" height="22" rx="8" fill="${c.dark}"/><rect x="84" y="26" width="32" height="14" rx="4" fill="${c.main}"/><path d="M72 66l-6 112" stroke="${WHITE}" stroke-width="6" opacity=".6"/>`,
  squeeze: (c) =>
    `<rect x="60" y="56" width="80" height="130" rx="22" fill="${c.main}"/><rect x="72" y="32" width="56" height="28" rx="6" fill="${c.dark}"/><rect x="94" y="12" width="12" height="24" rx="4" fill="${c.dark}"/><path d="M128 42a16 18 0 1 1 0 34" fill="none" stroke="${STEEL}" stroke-width="5"/><rect x="60" y="100" width="80" height="24" fill="${c.light}"/>`,
  kidsSqueeze: (c) =>
    `<path d="M106 40 128 6" stroke="${c.dark}" stroke-width="8" stroke-linecap="round"/><rect x="56" y="60" width="88" height="126" rx="30" fill="${c.main}" opacity=".85"/><rect x="66" y="38" width="68" height="28" rx="10" fill="${c.dark}"/><circle cx="84" cy="122" r="10" fill="${WHITE}"/><circle cx="116" cy="122" r="10" fill="${WHITE}"/><path d="M84 146q16 14 32 0" fill="none" stroke="${WHITE}" stroke-width="6" stroke-linecap="round"/>`,
  thermos: (c) =>
    `<rect x="70" y="14" width="60" height="30" rx="8" fill="${c.dark}"/><rect x="64" y="40" width="72" height="148" rx="24" fill="${c.main}"/><rect x="64" y="150" width="72" height="20" fill="#cbd5e1"/><path d="M80 56v86" stroke="${WHITE}" stroke-width="7" opacity=".5" stroke-linecap="round"/>`,
  polo: (c) =>
    `<path d="${SHORT_SLEEVES}" fill="${c.main}"/><path d="M70 25l30 24 30-24-10-5-20 15-20-15z" fill="${c.dark}"/><path d="M100 49v34" stroke="${c.dark}" stroke-width="4"/><circle cx="100" cy="60" r="3" fill="${WHITE}"/><circle cx="100" cy="73" r="3" fill="${WHITE}"/><path d="M122 82h18v12q0 8-9 12-9-4-9-12z" fill="${c.light}"/><path d="M38 106l14-13M162 106l-14-13" stroke="${c.dark}" stroke-width="5"/>`,
  longSleevePolo: (c) =>
    `<path d="${LONG_SLEEVES}" fill="${c.main}"/><path d="M70 25l30 24 30-24-10-5-20 15-20-15z" fill="${c.dark}"/><path d="M100 49v34" stroke="${c.dark}" stroke-width="4"/><circle cx="100" cy="60" r="3" fill="${WHITE}"/><circle cx="100" cy="73" r="3" fill="${WHITE}"/><path d="M122 82h18v12q0 8-9 12-9-4-9-12z" fill="${c.light}"/><path d="M12 168h26M162 168h26" stroke="${c.dark}" stroke-width="8"/>`,
  tankTop: (c) =>
    `<path d="M64 18h18q18 34 36 0h18l6 46 14 22v98H44V86l14-22z" fill="${c.main}"/><path d="M82 18q18 34 36 0" fill="none" stroke="${c.dark}" stroke-width="6"/><path d="M44 120h112" stroke="${c.light}" stroke-width="10"/>`,
  shorts: (c) =>
    `<path d="M40 40h120l14 132h-64l-10-76-10 76H26z" fill="${c.main}"/><rect x="38" y="30" width="124" height="20" rx="5" fill="${c.dark}"/><path d="M94 50q-4 20-12 26M106 50q4 20 12 26" fill="none" stroke="${WHITE}" stroke-width="4" stroke-linecap="round"/><path d="M34 156h58M108 156h58" stroke="${c.light}" stroke-width="6"/>`,
  skort: (c) =>
    `<rect x="50" y="30" width="100" height="20" rx="5" fill="${c.dark}"/><path d="M52 50h96l34 126H18z" fill="${c.main}"/><path d="M80 50 66 176M100 50v126M120 50l14 126" stroke="${c.dark}" stroke-width="4" opacity=".5"/>`,
  trousers: (c) =>
    `<path d="M56 26h88l10 164h-40l-14-124-14 124H46z" fill="${c.main}"/><rect x="54" y="18" width="92" height="18" rx="5" fill="${c.dark}"/><path d="M52 44 48 190M148 44l4 146" stroke="${c.light}" stroke-width="7"/>`,
  jacket: (c) =>
    `<path d="${LONG_SLEEVES}" fill="${c.main}"/><path d="M66 26q34-24 68 0l-8 14q-26-16-52 0z" fill="${c.dark}"/><path d="M100 44v144" stroke="${c.light}" stroke-width="5" stroke-dasharray="4 3"/><path d="M64 130h26M110 130h26" stroke="${c.dark}" stroke-width="5"/>`,
  hoodie: (c) =>
    `<path d="M66 30q34-40 68 0v24H66z" fill="${c.dark}"/><path d="${LONG_SLEEVES}" fill="${c.main}"/><path d="M70 26q30 34 60 0" fill="${c.dark}"/><path d="M92 44v30M108 44v30" stroke="${WHITE}" stroke-width="4" stroke-linecap="round"/><path d="M70 146h60l8 30H62z" fill="${c.dark}" opacity=".6"/>`,
  socks: (c) =>
    [0, 1, 2]
      .map((i) =>
        place(
          i * 34 - 14,
          i * 6,
          0.9,
          `<path d="M60 20h44v105l26 22q14 14 0 28-10 8-22 2l-44-30q-4-3-4-8z" fill="${WHITE}" stroke="#e2e8f0" stroke-width="3"/><path d="M60 30h44M60 42h44" stroke="${i === 1 ? c.dark : c.main}" stroke-width="6"/>`,
        ),
      )
      .join(""),
  uniformKit: (c) =>
    [0, 1, 2]
      .map((i) => {
        const y = 130 - i * 44;
        const fill = [c.dark, c.light, c.main][i]!;
        return `<rect x="32" y="${y}" width="136" height="48" rx="8" fill="${fill}" stroke="${WHITE}" stroke-width="3"/><path d="M82 ${y}l18 18 18-18" fill="${c.dark}" stroke="${WHITE}" stroke-width="3"/>`;
      })
      .join(""),
  workbook: (c) =>
    `<rect x="42" y="18" width="124" height="168" rx="6" fill="${c.main}"/><path d="${range(11)
      .map((i) => `M34 ${30 + i * 14}h16`)
      .join(
        "",
      )}" stroke="${INK}" stroke-width="5" stroke-linecap="round"/><rect x="64" y="40" width="82" height="44" rx="4" fill="${WHITE}"/><path d="M74 54h62M74 68h40" stroke="${c.dark}" stroke-width="5"/><circle cx="105" cy="138" r="26" fill="${c.light}"/><path d="M93 138h24M105 126v24" stroke="${c.dark}" stroke-width="6"/>`,
  ebook: (c) =>
    `<rect x="36" y="12" width="128" height="178" rx="16" fill="${INK}"/><rect x="46" y="28" width="108" height="142" rx="4" fill="${WHITE}"/><path d="M100 60q-20-12-40-6v80q20-6 40 6q20-12 40-6V54q-20-6-40 6z" fill="${c.main}"/><path d="M100 60v80" stroke="${c.dark}" stroke-width="3"/><circle cx="100" cy="180" r="5" fill="${STEEL}"/>`,
  books: (c) =>
    `${book(30, 136, 146, 42, c.dark, c.main)}${book(42, 92, 130, 42, RAINBOW[3]!, "#1e3a8a")}${book(24, 48, 140, 42, c.main, c.dark)}<path d="M136 20l-6 30 10-6 10 6-6-30z" fill="${RAINBOW[0]}"/>`,
  robot: (c) =>
    `<path d="M100 30V14" stroke="${INK}" stroke-width="5"/><circle cx="100" cy="12" r="7" fill="${RAINBOW[0]}"/><rect x="56" y="30" width="88" height="64" rx="14" fill="${c.main}"/><circle cx="82" cy="60" r="11" fill="${WHITE}"/><circle cx="118" cy="60" r="11" fill="${WHITE}"/><circle cx="82" cy="60" r="5" fill="${INK}"/><circle cx="118" cy="60" r="5" fill="${INK}"/><rect x="84" y="78" width="32" height="6" rx="3" fill="${c.dark}"/><rect x="50" y="100" width="100" height="72" rx="12" fill="${c.dark}"/><rect x="78" y="116" width="44" height="28" rx="5" fill="${c.light}"/><path d="M50 116 26 144M150 116l24 28" stroke="${c.main}" stroke-width="12" stroke-linecap="round"/><rect x="64" y="172" width="22" height="18" fill="${INK}"/><rect x="114" y="172" width="22" height="18" fill="${INK}"/>`,
  speech: (c) =>
    `<path d="M20 30h110a14 14 0 0 1 14 14v56a14 14 0 0 1-14 14H62l-26 22v-22H20A14 14 0 0 1 6 100V44a14 14 0 0 1 14-14z" fill="${c.main}"/><path d="M80 86h96a14 14 0 0 1 14 14v50a14 14 0 0 1-14 14h-14v22l-26-22H80a14 14 0 0 1-14-14v-50a14 14 0 0 1 14-14z" fill="${c.dark}"/><path d="M30 60h90M30 80h60" stroke="${WHITE}" stroke-width="8" stroke-linecap="round"/><circle cx="104" cy="126" r="7" fill="${WHITE}"/><circle cx="128" cy="126" r="7" fill="${WHITE}"/><circle cx="152" cy="126" r="7" fill="${WHITE}"/>`,
  laptop: (c) =>
    `<rect x="30" y="30" width="140" height="100" rx="8" fill="${INK}"/><rect x="40" y="40" width="120" height="80" fill="${WHITE}"/><rect x="50" y="52" width="50" height="14" rx="4" fill="${c.main}"/><rect x="60" y="70" width="60" height="14" rx="4" fill="${RAINBOW[1]}"/><rect x="60" y="88" width="44" height="14" rx="4" fill="${c.dark}"/><circle cx="136" cy="84" r="14" fill="${c.light}"/><path d="M14 134h172l-12 22H26z" fill="${STEEL}"/>`,
  chess: (c) =>
    `<path d="M10 160l40-40h100l40 40z" fill="${c.light}"/><path d="M30 140h140M50 120l-20 40M90 120l-6 40M130 120l6 40M150 120l20 40" stroke="${c.dark}" stroke-width="3"/><circle cx="100" cy="40" r="18" fill="${INK}"/><path d="M86 58h28l-4 10h-20zM92 68h16l8 70H84z" fill="${INK}"/><rect x="72" y="134" width="56" height="16" rx="4" fill="${INK}"/>`,
  ballet: (c) =>
    `<path d="M50 40q20-26 40 0l10 120q-30 24-60 0z" fill="${c.main}"/><path d="M110 50q20-26 40 0l10 120q-30 24-60 0z" fill="${c.main}"/><ellipse cx="70" cy="52" rx="14" ry="20" fill="${c.dark}"/><ellipse cx="130" cy="62" rx="14" ry="20" fill="${c.dark}"/><path d="M56 90q-30 30-40 90M84 90q20 40 6 96M116 100q-20 40-10 90M144 100q36 30 40 84" fill="none" stroke="${c.light}" stroke-width="5"/>`,
  judo: (c) =>
    `<path d="${LONG_SLEEVES}" fill="${WHITE}" stroke="#e2e8f0" stroke-width="3"/><path d="M70 25l30 50 30-50" fill="none" stroke="#cbd5e1" stroke-width="10"/><rect x="52" y="110" width="96" height="16" fill="${c.main}"/><path d="M96 126l-14 44M104 126l14 44" stroke="${c.main}" stroke-width="12"/>`,
  ball: () => {
    // The centre patch, five seams, and five patches cut by the ball's edge.
    const patch = (angle: number) => {
      const x = Math.round(100 + 80 * Math.cos(angle));
      const y = Math.round(104 + 80 * Math.sin(angle));
      return `<circle cx="${x}" cy="${y}" r="22" fill="${INK}"/>`;
    };
    return `<clipPath id="ball"><circle cx="100" cy="104" r="80"/></clipPath><circle cx="100" cy="104" r="80" fill="${WHITE}"/><g clip-path="url(#ball)">${range(
      5,
    )
      .map((i) => patch(-Math.PI / 2 + (2 * Math.PI * i) / 5))
      .join(
        "",
      )}</g><path d="M100 78l25 18-10 29H85l-10-29z" fill="${INK}"/><path d="M100 78V46M125 96l30-10M115 125l19 26M85 125l-19 26M75 96l-30-10" stroke="${INK}" stroke-width="4"/><circle cx="100" cy="104" r="80" fill="none" stroke="${INK}" stroke-width="5"/>`;
  },
  swimming: (c) =>
    `<path d="M14 76q86-40 172 0" fill="none" stroke="${c.dark}" stroke-width="9"/><rect x="34" y="56" width="58" height="44" rx="22" fill="${c.main}"/><rect x="108" y="56" width="58" height="44" rx="22" fill="${c.main}"/><rect x="42" y="63" width="42" height="30" rx="15" fill="${c.light}"/><rect x="116" y="63" width="42" height="30" rx="15" fill="${c.light}"/><path d="M92 78h16" stroke="${c.dark}" stroke-width="8"/><path d="M10 140q22-18 45 0t45 0 45 0 45 0M10 172q22-18 45 0t45 0 45 0 45 0" fill="none" stroke="${RAINBOW[3]}" stroke-width="9" stroke-linecap="round"/>`,
  theatre: (c) =>
    `<path d="M20 30h80v50q0 44-40 56-40-12-40-56z" fill="${c.main}"/><circle cx="44" cy="64" r="8" fill="${WHITE}"/><circle cx="76" cy="64" r="8" fill="${WHITE}"/><path d="M42 96q18 16 36 0" fill="none" stroke="${WHITE}" stroke-width="6"/><path d="M100 70h80v50q0 44-40 56-40-12-40-56z" fill="${c.dark}"/><circle cx="124" cy="104" r="8" fill="${WHITE}"/><circle cx="156" cy="104" r="8" fill="${WHITE}"/><path d="M122 146q18-16 36 0" fill="none" stroke="${WHITE}" stroke-width="6"/>`,
  essay: (c) =>
    `<rect x="36" y="14" width="120" height="170" rx="6" fill="${WHITE}" stroke="#e2e8f0" stroke-width="3"/><path d="M52 44h88M52 66h88M52 88h88M52 110h88M52 132h60" stroke="${c.light}" stroke-width="5"/><path d="M52 30h40" stroke="${c.main}" stroke-width="8"/><g transform="translate(40 10) rotate(35 100 180)"><rect x="92" y="40" width="16" height="112" fill="${c.main}"/><path d="M92 152h16l-8 26z" fill="${c.dark}"/></g>`,
  medal: (c) =>
    `<path d="M60 10h34l24 80H84zM140 10h-34l-24 80h34z" fill="${c.main}"/><path d="M106 10h34l-24 80" fill="${c.dark}"/><circle cx="100" cy="130" r="52" fill="#f59e0b"/><circle cx="100" cy="130" r="40" fill="#fcd34d"/><path d="M100 100l9 19 21 3-15 14 4 21-19-10-19 10 4-21-15-14 21-3z" fill="#f59e0b"/>`,
  guitar: (c) =>
    `<g transform="rotate(28 100 100)"><rect x="92" y="4" width="16" height="100" fill="${INK}"/><rect x="88" y="0" width="24" height="24" rx="4" fill="${INK}"/><circle cx="100" cy="120" r="34" fill="${c.main}"/><circle cx="100" cy="158" r="44" fill="${c.main}"/><circle cx="100" cy="130" r="12" fill="${INK}"/><rect x="84" y="160" width="32" height="8" rx="3" fill="${c.dark}"/></g>`,
  calculator: (c) =>
    `<rect x="46" y="12" width="108" height="176" rx="14" fill="${c.main}"/><rect x="60" y="26" width="80" height="34" rx="4" fill="#d9f99d"/>${range(
      12,
    )
      .map(
        (i) =>
          `<rect x="${60 + (i % 3) * 28}" y="${72 + Math.floor(i / 3) * 28}" width="22" height="20" rx="4" fill="${i % 3 === 2 ? c.dark : WHITE}"/>`,
      )
      .join("")}`,
  castle: (c) =>
    `<path d="M20 60h14v-10h12v10h12v-10h14v10h0v124H20z" fill="${c.main}"/><path d="M128 60h14v-10h12v10h12v-10h14v10h0v124h-52z" fill="${c.main}"/><path d="M72 96h56v88H72z" fill="${c.dark}"/><path d="M72 96V84h12v12M92 96V84h16v12M116 96V84h12v12" fill="${c.dark}"/><path d="M88 184v-30a12 12 0 0 1 24 0v30z" fill="${INK}"/><rect x="40" y="90" width="12" height="20" rx="6" fill="${WHITE}"/><rect x="148" y="90" width="12" height="20" rx="6" fill="${WHITE}"/><path d="M46 50V22l20 8-20 8" fill="${RAINBOW[0]}" stroke="${INK}" stroke-width="2"/>`,
  museum: (c) =>
    `<path d="M100 14 186 60H14z" fill="${c.dark}"/><rect x="20" y="60" width="160" height="14" fill="${c.main}"/>${[
      34, 70, 106, 142,
    ]
      .map((x) => `<rect x="${x}" y="80" width="24" height="82" fill="${c.light}"/>`)
      .join(
        "",
      )}<rect x="14" y="162" width="172" height="16" fill="${c.main}"/><rect x="6" y="178" width="188" height="12" fill="${c.dark}"/>`,
  bus: (c) =>
    `<rect x="16" y="40" width="168" height="120" rx="18" fill="${c.main}"/><rect x="28" y="56" width="144" height="48" rx="6" fill="#e0f2fe"/><path d="M64 56v48M100 56v48M136 56v48" stroke="${c.main}" stroke-width="6"/><rect x="16" y="118" width="168" height="12" fill="${c.dark}"/><circle cx="54" cy="162" r="18" fill="${INK}"/><circle cx="146" cy="162" r="18" fill="${INK}"/><circle cx="54" cy="162" r="7" fill="${STEEL}"/><circle cx="146" cy="162" r="7" fill="${STEEL}"/><rect x="26" y="136" width="18" height="12" rx="3" fill="#fde047"/><rect x="156" y="136" width="18" height="12" rx="3" fill="#fde047"/>`,
  tent: (c) =>
    `<path d="M100 26 186 176H14z" fill="${c.main}"/><path d="M100 26 140 176H60z" fill="${c.dark}"/><path d="M100 96l24 80H76z" fill="${INK}"/><path d="M100 26 90 10M100 26l10-16" stroke="${INK}" stroke-width="5"/><path d="M6 180h188" stroke="#65a30d" stroke-width="8" stroke-linecap="round"/>`,
  graduationCap: (c) =>
    `<path d="M52 96v44q48 30 96 0V96l-48 24z" fill="${c.dark}"/><path d="M100 40 190 82l-90 42-90-42z" fill="${c.main}"/><path d="M170 90v54" stroke="#f59e0b" stroke-width="6"/><path d="M162 140h16l4 30h-24z" fill="#f59e0b"/><rect x="62" y="152" width="76" height="26" rx="4" fill="${WHITE}" transform="rotate(-8 100 165)"/><rect x="90" y="150" width="10" height="30" fill="${RAINBOW[0]}" transform="rotate(-8 100 165)"/>`,
  balloons: (c) =>
    `<path d="M66 104q10 40 34 86M134 98q-10 46-34 92M100 86v104" fill="none" stroke="${STEEL}" stroke-width="3"/><ellipse cx="62" cy="66" rx="36" ry="44" fill="${c.main}"/><ellipse cx="138" cy="62" rx="36" ry="44" fill="${RAINBOW[1]}"/><ellipse cx="100" cy="50" rx="38" ry="46" fill="${c.dark}"/><path d="M84 30q6-10 16-12" fill="none" stroke="${WHITE}" stroke-width="6" stroke-linecap="round" opacity=".7"/>`,
  bunting: () =>
    [0, 1]
      .map((row) => {
        const y = 40 + row * 70;
        const flags = range(6)
          .map((i) => {
            const x = 14 + i * 30;
            return `<path d="M${x} ${y + 4}h26v34l-13-10-13 10z" fill="${RAINBOW[(i + row * 3) % 6]}"/>`;
          })
          .join("");
        return `<path d="M6 ${y}q94 12 188 0" fill="none" stroke="${INK}" stroke-width="3"/>${flags}`;
      })
      .join("") +
    `<path d="M70 186h60l-30-36z" fill="#f97316"/><path d="M84 186h32l-16-22z" fill="#fde047"/><path d="M60 190h80" stroke="#92400e" stroke-width="8"/>`,
  microphone: (c) =>
    `<rect x="74" y="14" width="52" height="86" rx="26" fill="${c.main}"/><path d="M74 52h52M74 66h52" stroke="${c.dark}" stroke-width="4"/><path d="M56 76q0 50 44 50t44-50" fill="none" stroke="${INK}" stroke-width="8"/><path d="M100 126v46" stroke="${INK}" stroke-width="8"/><rect x="62" y="170" width="76" height="14" rx="6" fill="${INK}"/>`,
  sea: (c) =>
    `<path d="M20 186q-4-40 10-70M30 150q-20-10-24-30M34 130q16-16 14-34" fill="none" stroke="#fb7185" stroke-width="9" stroke-linecap="round"/><path d="M160 186q6-36-8-60M156 150q20-8 26-26" fill="none" stroke="#f97316" stroke-width="9" stroke-linecap="round"/><ellipse cx="100" cy="80" rx="50" ry="30" fill="${c.main}"/><path d="M146 80l34-26v52z" fill="${c.dark}"/><circle cx="72" cy="74" r="7" fill="${WHITE}"/><circle cx="72" cy="74" r="3" fill="${INK}"/><path d="M96 60q10 20 0 40" fill="none" stroke="${c.light}" stroke-width="5"/><circle cx="40" cy="40" r="6" fill="none" stroke="#7dd3fc" stroke-width="3"/><circle cx="30" cy="20" r="4" fill="none" stroke="#7dd3fc" stroke-width="3"/>`,
  sun: (c) =>
    `<circle cx="100" cy="84" r="40" fill="#fbbf24"/><path d="${range(8)
      .map((i) => {
        const angle = (Math.PI / 4) * i;
        const point = (r: number) => `${Math.round(100 + r * Math.cos(angle))} ${Math.round(84 + r * Math.sin(angle))}`;
        return `M${point(52)}L${point(70)}`;
      })
      .join(
        "",
      )}" stroke="#f59e0b" stroke-width="9" stroke-linecap="round"/><path d="M0 170q50-26 100 0t100 0v30H0z" fill="${c.main}"/><circle cx="150" cy="160" r="16" fill="${WHITE}"/><path d="M134 160h32M150 144v32" stroke="${c.dark}" stroke-width="5"/>`,
  tshirtStar: tshirt((c) => `<path d="M100 74l10 22 24 3-18 16 5 24-21-12-21 12 5-24-18-16 24-3z" fill="${c.light}"/>`),
  tshirtNumber: tshirt((c) => `<path d="M86 80h28v70M80 150h40" fill="none" stroke="${c.light}" stroke-width="12"/>`),
  tshirtAtom: tshirt(
    (c) =>
      `<g fill="none" stroke="${c.light}" stroke-width="5"><ellipse cx="100" cy="116" rx="34" ry="13"/><ellipse cx="100" cy="116" rx="34" ry="13" transform="rotate(60 100 116)"/><ellipse cx="100" cy="116" rx="34" ry="13" transform="rotate(-60 100 116)"/></g><circle cx="100" cy="116" r="6" fill="${c.light}"/>`,
  ),
  tshirtPlaid: tshirt(
    (c) =>
      `<path d="M52 100h96M52 130h96M52 160h96M76 60v118M100 60v118M124 60v118" stroke="${c.light}" stroke-width="6" opacity=".7"/>`,
  ),
  tshirtHeart: tshirt(
    (c) => `<path d="M100 150q-40-26-40-50a20 20 0 0 1 40-6 20 20 0 0 1 40 6q0 24-40 50z" fill="${c.light}"/>`,
  ),
} satisfies Record<string, Drawing>;

export type DrawingKind = keyof typeof DRAWINGS;

/** The drawing of `kind`, in `colours`, inside a 200×200 box. */
export function drawing(kind: DrawingKind, colours: Colours): string {
  return DRAWINGS[kind](colours);
}
