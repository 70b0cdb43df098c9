/**
 * The demo catalogue as plain data: categories, grades, products and home
 * banners. It imports nothing from the database so that
 * scripts/generate-product-images.ts can read the same list and images never
 * drift from the seed.
 */
import { CATEGORY_ICON_KEYS } from "#core/category-icons.ts";
import { slugify } from "#core/text.ts";

export type ProductType = "S" | "M" | "P";

export interface CategorySeed {
  slug: string;
  title: string;
  status: "enabled" | "disabled";
}

/** In menu order. The first eleven slugs are the ones with their own icon (spec §9). */
export const CATEGORIES: readonly CategorySeed[] = [
  { slug: "cursos", title: "Cursos", status: "enabled" },
  { slug: "eventos", title: "Eventos", status: "enabled" },
  { slug: "fardamento", title: "Fardamento", status: "enabled" },
  { slug: "camisas", title: "Camisas", status: "enabled" },
  { slug: "material-didatico", title: "Material Didático", status: "enabled" },
  { slug: "apostilhas", title: "Apostilas", status: "enabled" },
  { slug: "e-books", title: "E-books", status: "enabled" },
  { slug: "papelaria", title: "Papelaria", status: "enabled" },
  { slug: "agenda", title: "Agenda Escolar", status: "enabled" },
  { slug: "canecas", title: "Canecas", status: "enabled" },
  { slug: "squeezes", title: "Squeezes", status: "enabled" },
  // No icon of its own: exercises the "outros" fallback.
  { slug: "mochilas", title: "Mochilas", status: "enabled" },
  // Disabled: the API must hide it and its products.
  { slug: "colecao-antiga", title: "Coleção Antiga", status: "disabled" },
];

/** Category slugs that have an icon in the storefront (spec §9, besides "outros"). */
export const ICON_CATEGORY_SLUGS = CATEGORY_ICON_KEYS.filter((key) => key !== "outros");

const TYPE_BY_CATEGORY: Record<string, ProductType> = {
  cursos: "S",
  eventos: "S",
  "material-didatico": "M",
  apostilhas: "M",
  "e-books": "M",
};

export interface SerieSeed {
  id: number;
  course: string;
  gradeName: string;
  codgrade: string;
  /** 0 for the current school period, -1 for the previous one. */
  periodOffset: 0 | -1;
}

const currentSeries: [string, string, string][] = [
  ["Educação Infantil", "Infantil 3", "EI03"],
  ["Educação Infantil", "Infantil 4", "EI04"],
  ["Educação Infantil", "Infantil 5", "EI05"],
  ["Ensino Fundamental I", "1º Ano", "EF01"],
  ["Ensino Fundamental I", "2º Ano", "EF02"],
  ["Ensino Fundamental I", "3º Ano", "EF03"],
  ["Ensino Fundamental I", "4º Ano", "EF04"],
  ["Ensino Fundamental I", "5º Ano", "EF05"],
  ["Ensino Fundamental II", "6º Ano", "EF06"],
  ["Ensino Fundamental II", "7º Ano", "EF07"],
  ["Ensino Fundamental II", "8º Ano", "EF08"],
  ["Ensino Fundamental II", "9º Ano", "EF09"],
  ["Ensino Médio", "1ª Série", "EM01"],
  ["Ensino Médio", "2ª Série", "EM02"],
  ["Ensino Médio", "3ª Série", "EM03"],
];

/** Grades: ids 101… for the current period, 201… for a few of the previous one. */
export const SERIES: readonly SerieSeed[] = [
  ...currentSeries.map(([course, gradeName, codgrade], i): SerieSeed => ({
    id: 101 + i,
    course,
    gradeName,
    codgrade,
    periodOffset: 0,
  })),
  ...[currentSeries[1]!, currentSeries[3]!, currentSeries[8]!, currentSeries[12]!, currentSeries[14]!].map(
    ([course, gradeName, codgrade], i): SerieSeed => ({ id: 201 + i, course, gradeName, codgrade, periodOffset: -1 }),
  ),
];

const INFANTIL = ["EI03", "EI04", "EI05"];
const FUND_I = ["EF01", "EF02", "EF03", "EF04", "EF05"];
const FUND_II = ["EF06", "EF07", "EF08", "EF09"];
const FUND = [...FUND_I, ...FUND_II];
const MEDIO = ["EM01", "EM02", "EM03"];

/** How a product is written below; the rest is derived by `toProductSeed`. */
interface ProductDraft {
  title: string;
  description: string;
  /** PRECO in reais. */
  price: number;
  /** Discount in percent that gives DESCONTO; none when absent. */
  off?: number;
  unit?: string;
  shift?: "Manhã" | "Tarde" | "Integral" | "Noite";
  /** PARCELAS when the price bands do not fit. */
  installments?: number;
  maxInstallments?: number;
  turnYear?: boolean;
  /** Sold for next school year. */
  nextYear?: boolean;
  /** codgrade values of the grades the product belongs to. */
  series?: string[];
}

export interface ProductSeed {
  categorySlug: string;
  title: string;
  slug: string;
  description: string;
  image: string;
  priceCents: number;
  salePriceCents: number;
  type: ProductType;
  installments: number;
  shift: string | null;
  unitCode: string;
  maxInstallments: number;
  turnYear: 0 | 1;
  /** 0 for the current school year, 1 for next year. */
  schoolYearOffset: 0 | 1;
  series: string[];
}

const DRAFTS: Record<string, ProductDraft[]> = {
  cursos: [
    {
      title: "Curso de Robótica Educacional - 1º Semestre",
      description:
        "Montagem e programação de robôs com kits LEGO Education, em turmas de até 12 alunos. Duas aulas por semana no contraturno.",
      price: 890,
      off: 10,
      unit: "1",
      shift: "Tarde",
      series: [...FUND_I.slice(2), ...FUND_II],
    },
    {
      title: "Curso de Robótica Educacional - Anual",
      description: "O programa completo de robótica do ano letivo, com participação na mostra de tecnologia da rede.",
      price: 1680,
      off: 15,
      unit: "3",
      shift: "Tarde",
      turnYear: true,
      maxInstallments: 12,
      series: FUND_II,
    },
    {
      title: "Curso de Inglês Kids - Anual",
      description: "Inglês com músicas, jogos e contação de histórias para os pequenos. Material incluso.",
      price: 2160,
      off: 10,
      unit: "1",
      shift: "Tarde",
      turnYear: true,
      nextYear: true,
      maxInstallments: 12,
      series: ["EI05", ...FUND_I],
    },
    {
      title: "Curso de Inglês Teens - 1º Semestre",
      description: "Conversação e preparação para certificações internacionais, com professores nativos.",
      price: 960,
      unit: "4",
      shift: "Tarde",
      series: FUND_II,
    },
    {
      title: "Curso de Espanhol - Ensino Fundamental II",
      description: "Espanhol instrumental com foco em leitura e conversação. Aulas às terças e quintas.",
      price: 780,
      off: 7.5,
      unit: "5",
      shift: "Tarde",
      series: FUND_II,
    },
    {
      title: "Curso de Programação com Scratch",
      description: "Lógica de programação criando jogos e animações no Scratch. Ideal para quem está começando.",
      price: 540,
      unit: "6",
      shift: "Manhã",
      series: ["EF04", "EF05", "EF06"],
    },
    {
      title: "Curso de Xadrez Escolar",
      description: "Raciocínio, concentração e estratégia em aulas semanais, com torneio interno ao fim do semestre.",
      price: 320,
      unit: "7",
      shift: "Tarde",
    },
    {
      title: "Curso de Ballet Infantil",
      description: "Ballet clássico para a educação infantil e os primeiros anos, com apresentação de fim de ano.",
      price: 1140,
      off: 10,
      unit: "4",
      shift: "Tarde",
      series: [...INFANTIL, "EF01", "EF02"],
    },
    {
      title: "Curso de Judô - Anual",
      description:
        "Judô com professor faixa preta, trabalhando disciplina, respeito e coordenação motora. Quimono não incluso.",
      price: 1320,
      unit: "10",
      shift: "Integral",
      turnYear: true,
      maxInstallments: 12,
    },
    {
      title: "Escolinha de Futsal - 1º Semestre",
      description:
        "Treinos de futsal por faixa etária na quadra coberta da escola, com participação nos jogos escolares.",
      price: 480,
      off: 5,
      unit: "13",
      shift: "Tarde",
    },
    {
      title: "Curso de Natação Infantil",
      description: "Adaptação ao meio aquático e aprendizado dos quatro estilos, em piscina aquecida.",
      price: 690,
      unit: "1",
      shift: "Manhã",
      series: INFANTIL,
    },
    {
      title: "Oficina de Teatro - Ensino Médio",
      description: "Expressão corporal, improvisação e montagem de um espetáculo apresentado no auditório da escola.",
      price: 420,
      unit: "3",
      shift: "Tarde",
      series: MEDIO,
    },
    {
      title: "Curso de Redação para o ENEM",
      description: "Produção semanal de redações com correção detalhada segundo as cinco competências do ENEM.",
      price: 1450,
      off: 10,
      unit: "1",
      shift: "Manhã",
      maxInstallments: 10,
      series: ["EM02", "EM03"],
    },
    {
      title: "Preparatório para Olimpíadas de Matemática",
      description: "Resolução de problemas da OBMEP e da OBM em encontros semanais com professores medalhistas.",
      price: 360,
      unit: "5",
      shift: "Tarde",
      series: [...FUND_II, ...MEDIO],
    },
    {
      title: "Curso de Violão para Iniciantes",
      description: "Acordes, ritmo e repertório popular brasileiro em turmas pequenas. O aluno traz o próprio violão.",
      price: 75,
      unit: "6",
      shift: "Tarde",
    },
    {
      title: "Reforço Escolar de Matemática - Ensino Fundamental II",
      description: "Acompanhamento semanal para revisar conteúdos e tirar dúvidas antes das avaliações.",
      price: 260,
      off: 10,
      unit: "7",
      shift: "Manhã",
      series: FUND_II,
    },
  ],
  eventos: [
    {
      title: "Excursão ao Instituto Ricardo Brennand",
      description:
        "Aula de campo no acervo de arte, armaria e história do Brasil holandês, com transporte e lanche inclusos.",
      price: 145,
      off: 10,
      unit: "1",
      shift: "Manhã",
      series: FUND_II,
    },
    {
      title: "Passeio ao Marco Zero e Recife Antigo",
      description: "Roteiro guiado pelo centro histórico do Recife com visita ao Paço do Frevo.",
      price: 98,
      unit: "3",
      shift: "Manhã",
      series: FUND_I,
    },
    {
      title: "Visita ao Museu Cais do Sertão",
      description: "Visita mediada ao museu dedicado à cultura sertaneja e à obra de Luiz Gonzaga.",
      price: 85,
      unit: "4",
      shift: "Tarde",
    },
    {
      title: "Acampamento Pedagógico em Gravatá",
      description:
        "Três dias de atividades em grupo, trilhas e oficinas de ciências na serra. Hospedagem e refeições inclusas.",
      price: 1290,
      off: 7.5,
      unit: "5",
      shift: "Integral",
      maxInstallments: 10,
      series: ["EF08", "EF09"],
    },
    {
      title: "Formatura do Ensino Médio - 3ª Série",
      description: "Colação de grau, culto ecumênico e baile de formatura, com fotos e vídeo inclusos.",
      price: 2400,
      off: 10,
      unit: "1",
      shift: "Integral",
      maxInstallments: 12,
      turnYear: true,
      series: ["EM03"],
    },
    {
      title: "Baile de Formatura do 9º Ano",
      description: "Festa de encerramento do Ensino Fundamental com jantar, DJ e cabine de fotos.",
      price: 380,
      unit: "6",
      shift: "Integral",
      series: ["EF09"],
    },
    {
      title: "Festa Junina - Ingresso Família",
      description: "Ingresso para até quatro pessoas no arraiá da escola, com quadrilhas e comidas típicas.",
      price: 60,
      unit: "7",
      shift: "Tarde",
    },
    {
      title: "Palestra Gratuita: Orientação Vocacional",
      description:
        "Encontro com psicólogos e profissionais de várias áreas para ajudar na escolha da carreira. Vagas limitadas.",
      price: 0,
      unit: "10",
      shift: "Manhã",
      series: MEDIO,
    },
    {
      title: "Aula de Campo em Porto de Galinhas",
      description: "Estudo dos recifes de corais e da vida marinha com biólogos, na maré baixa.",
      price: 210,
      off: 10,
      unit: "13",
      shift: "Integral",
      series: ["EF06", "EF07"],
    },
    {
      title: "Colônia de Férias de Julho",
      description: "Uma semana de brincadeiras, esportes e oficinas criativas nas férias escolares.",
      price: 650,
      unit: "1",
      shift: "Integral",
      series: [...INFANTIL, ...FUND_I],
    },
  ],
  fardamento: [
    {
      title: "Camisa Polo Manga Curta - Ensino Fundamental",
      description: "Camisa polo em malha piquet com o brasão da escola bordado. Tecido leve e resistente.",
      price: 69.9,
      off: 10,
      series: FUND,
    },
    {
      title: "Camisa Polo Manga Curta - Educação Infantil",
      description: "Camisa polo infantil em malha macia, com botões de pressão e brasão bordado.",
      price: 59.9,
      series: INFANTIL,
    },
    {
      title: "Camisa Polo Manga Longa - Ensino Médio",
      description: "Camisa polo de manga longa com proteção UV para o Ensino Médio.",
      price: 84.9,
      off: 10,
      unit: "3",
      series: MEDIO,
    },
    {
      title: "Camiseta Regata de Educação Física",
      description: "Regata em tecido dry fit que seca rápido, para as aulas de educação física.",
      price: 44.9,
    },
    {
      title: "Bermuda Tactel de Educação Física",
      description: "Bermuda em tactel com elástico e cordão na cintura, nas cores da escola.",
      price: 49.9,
      off: 5,
    },
    {
      title: "Calça de Helanca Escolar",
      description: "Calça de helanca com faixa lateral e logotipo da rede. Do tamanho 2 ao GG.",
      price: 79.9,
      unit: "4",
    },
    {
      title: "Short-Saia Escolar",
      description: "Short-saia em helanca com shorts interno, confortável para o dia a dia.",
      price: 62.9,
      off: 10,
    },
    {
      title: "Jaqueta de Tactel com Capuz",
      description: "Jaqueta corta-vento forrada, com capuz embutido na gola e bolsos com zíper.",
      price: 139.9,
      off: 15,
      unit: "5",
    },
    {
      title: "Moletom Escolar Unissex",
      description: "Moletom flanelado com capuz e bolso canguru, para os dias mais frios e as viagens de campo.",
      price: 159.9,
    },
    {
      title: "Kit com 3 Pares de Meias Escolares",
      description: "Meias de algodão cano médio, brancas, com o logotipo da escola.",
      price: 34.9,
    },
    {
      title: "Kit Fardamento Completo - Educação Infantil",
      description: "Duas camisas polo, uma bermuda, uma calça de helanca e uma regata. Economize comprando o kit.",
      price: 289.9,
      off: 15,
      unit: "1",
      series: INFANTIL,
    },
    {
      title: "Kit Fardamento Completo - Ensino Fundamental",
      description: "Três camisas polo, duas bermudas, uma calça e uma jaqueta de tactel para o ano todo.",
      price: 469.9,
      off: 15,
      unit: "1",
      series: FUND,
    },
  ],
  camisas: [
    {
      title: "Camisa Comemorativa Terceirão",
      description: "Camisa da turma de formandos do Ensino Médio, com a arte escolhida pelos alunos.",
      price: 74.9,
      off: 10,
      series: ["EM03"],
    },
    {
      title: "Camisa dos Jogos Escolares",
      description: "Camisa oficial da delegação da escola nos jogos escolares. Tecido esportivo.",
      price: 54.9,
      unit: "6",
    },
    {
      title: "Camisa da Feira de Ciências",
      description: "Camisa da equipe expositora da feira de ciências da rede.",
      price: 39.9,
      unit: "7",
    },
    {
      title: "Camisa Arraiá da Escola",
      description: "Camisa xadrez estampada para a festa junina, nos tamanhos infantil e adulto.",
      price: 45.9,
      off: 10,
      unit: "10",
    },
    {
      title: "Camiseta Família na Escola",
      description: "Camiseta para pais e responsáveis usarem nos eventos e na corrida da família.",
      price: 49.9,
      unit: "13",
    },
  ],
  "material-didatico": [
    {
      title: "Kit Material Didático Infantil 4 - Educação Infantil",
      description: "Livros integrados do Infantil 4, caderno de atividades e material de artes do ano letivo.",
      price: 980,
      off: 10,
      shift: "Manhã",
      series: ["EI04"],
    },
    {
      title: "Kit Material Didático Infantil 5 - Educação Infantil",
      description: "Livros integrados do Infantil 5 com o programa de alfabetização e o kit de artes.",
      price: 1040,
      shift: "Tarde",
      series: ["EI05"],
    },
    {
      title: "Kit Material Didático 1º Ano - Ensino Fundamental I",
      description: "Coleção do 1º Ano com livros de todas as disciplinas e acesso à plataforma digital.",
      price: 1380,
      off: 10,
      shift: "Manhã",
      unit: "1",
      series: ["EF01"],
    },
    {
      title: "Kit Material Didático 2º Ano - Ensino Fundamental I",
      description: "Coleção do 2º Ano com livros, cadernos de atividades e acesso à plataforma digital.",
      price: 1390,
      shift: "Tarde",
      unit: "3",
      series: ["EF02"],
    },
    {
      title: "Kit Material Didático 3º Ano - Ensino Fundamental I",
      description: "Coleção do 3º Ano com livros de todas as disciplinas, paradidáticos e plataforma digital.",
      price: 1420,
      off: 7.5,
      shift: "Manhã",
      unit: "4",
      series: ["EF03"],
    },
    {
      title: "Kit Material Didático 4º Ano - Ensino Fundamental I",
      description: "Coleção do 4º Ano com livros, atlas geográfico e acesso à plataforma digital.",
      price: 1450,
      shift: "Manhã",
      unit: "5",
      series: ["EF04"],
    },
    {
      title: "Kit Material Didático 5º Ano - Ensino Fundamental I",
      description: "Coleção do 5º Ano com livros, paradidáticos e simulados de preparação para o 6º Ano.",
      price: 1480,
      off: 10,
      shift: "Tarde",
      unit: "6",
      series: ["EF05"],
    },
    {
      title: "Kit Material Didático 6º Ano - Ensino Fundamental II",
      description: "Sistema de ensino do 6º Ano em quatro volumes bimestrais, com plataforma digital.",
      price: 1690,
      shift: "Manhã",
      unit: "7",
      series: ["EF06"],
    },
    {
      title: "Kit Material Didático 7º Ano - Ensino Fundamental II",
      description: "Sistema de ensino do 7º Ano em quatro volumes bimestrais, com plataforma digital.",
      price: 1690,
      off: 10,
      shift: "Manhã",
      unit: "10",
      series: ["EF07"],
    },
    {
      title: "Kit Material Didático 8º Ano - Ensino Fundamental II",
      description: "Sistema de ensino do 8º Ano em quatro volumes bimestrais, com plataforma digital.",
      price: 1720,
      shift: "Tarde",
      unit: "13",
      series: ["EF08"],
    },
    {
      title: "Kit Material Didático 9º Ano - Ensino Fundamental II",
      description: "Sistema de ensino do 9º Ano com volumes bimestrais e caderno de revisão para o Ensino Médio.",
      price: 1750,
      off: 15,
      shift: "Manhã",
      unit: "1",
      series: ["EF09"],
    },
    {
      title: "Kit Material Didático 1ª Série - Ensino Médio",
      description: "Sistema de ensino da 1ª Série com livros por área do conhecimento e banco de questões online.",
      price: 1980,
      shift: "Manhã",
      unit: "1",
      turnYear: true,
      nextYear: true,
      series: ["EM01"],
    },
    {
      title: "Kit Material Didático 2ª Série - Ensino Médio",
      description: "Sistema de ensino da 2ª Série com livros por área do conhecimento e banco de questões online.",
      price: 1980,
      off: 10,
      shift: "Manhã",
      unit: "3",
      series: ["EM02"],
    },
    {
      title: "Kit Material Didático 3ª Série - Ensino Médio",
      description: "Sistema de ensino pré-vestibular da 3ª Série, com simulados do ENEM e revisões semanais.",
      price: 2150,
      off: 10,
      shift: "Integral",
      unit: "4",
      series: ["EM03"],
    },
  ],
  apostilhas: [
    {
      title: "Apostila de Matemática - 9º Ano",
      description: "Exercícios resolvidos e propostos de álgebra e geometria, alinhados à BNCC.",
      price: 89.9,
      shift: "Manhã",
      series: ["EF09"],
    },
    {
      title: "Apostila Pré-Vestibular - Volume 1",
      description: "Teoria resumida e questões comentadas dos principais vestibulares do Nordeste.",
      price: 189.9,
      off: 10,
      shift: "Integral",
      unit: "3",
      series: ["EM03"],
    },
    {
      title: "Apostila de Redação - Ensino Médio",
      description: "Roteiros, modelos de texto dissertativo-argumentativo e propostas de tema comentadas.",
      price: 69.9,
      shift: "Manhã",
      series: MEDIO,
    },
    {
      title: "Apostila de Inglês - Ensino Fundamental II",
      description: "Gramática e interpretação de textos em inglês, com áudios disponíveis online.",
      price: 79.9,
      off: 5,
      shift: "Tarde",
      unit: "5",
      series: FUND_II,
    },
    {
      title: "Apostila de Ciências - 5º Ano",
      description: "Experimentos simples e atividades sobre corpo humano, ambiente e energia.",
      price: 59.9,
      shift: "Manhã",
      unit: "6",
      series: ["EF05"],
    },
  ],
  "e-books": [
    {
      title: "E-book Guia de Estudos para o ENEM",
      description: "Cronograma de estudos, dicas de redação e as competências cobradas no ENEM, em PDF.",
      price: 0,
      shift: "Integral",
      series: MEDIO,
    },
    {
      title: "E-book Tabuada Divertida",
      description: "Jogos e desafios para aprender a tabuada brincando, para imprimir em casa.",
      price: 19.9,
      shift: "Integral",
      series: ["EF02", "EF03", "EF04"],
    },
    {
      title: "E-book Experiências de Ciências para Fazer em Casa",
      description: "Vinte experimentos seguros com materiais do dia a dia, explicados passo a passo.",
      price: 24.9,
      off: 10,
      shift: "Integral",
    },
    {
      title: "E-book Lendas de Pernambuco para Crianças",
      description: "Histórias ilustradas do folclore pernambucano para ler em família.",
      price: 29.9,
      shift: "Integral",
      series: INFANTIL,
    },
  ],
  papelaria: [
    {
      title: "Caderno Universitário 10 Matérias",
      description: "Caderno espiral com 200 folhas pautadas, capa dura e divisórias coloridas.",
      price: 32.9,
      off: 10,
    },
    {
      title: "Caderno Brochura Capa Dura 96 Folhas",
      description: "Caderno brochura pautado, ideal para os anos iniciais.",
      price: 14.9,
    },
    {
      title: "Caderno de Desenho A4 48 Folhas",
      description: "Folhas brancas de 150 g para desenho e pintura, com espiral.",
      price: 18.9,
      off: 5,
    },
    {
      title: "Estojo Escolar Duplo com Zíper",
      description: "Estojo de nylon com dois compartimentos e divisórias elásticas para lápis e canetas.",
      price: 39.9,
    },
    {
      title: "Lápis de Cor 24 Cores",
      description: "Lápis de cor sextavados com cores vivas e ponta resistente.",
      price: 27.9,
      off: 15,
    },
    {
      title: "Caneta Esferográfica Azul - Caixa com 12",
      description: "Canetas de ponta média 1,0 mm com escrita macia.",
      price: 21.9,
    },
    {
      title: "Kit Lápis Grafite com Borracha e Apontador",
      description: "Seis lápis grafite nº 2, uma borracha macia e um apontador com depósito.",
      price: 16.9,
      off: 10,
    },
    {
      title: "Cola Branca Lavável 90 g",
      description: "Cola escolar atóxica que sai na lavagem, com bico aplicador.",
      price: 6.9,
    },
    {
      title: "Tesoura Escolar sem Ponta",
      description: "Tesoura de 13 cm com lâmina de aço inox e cabo emborrachado.",
      price: 9.9,
    },
    {
      title: "Marca-Texto Tons Pastel - 6 Cores",
      description: "Marca-textos com ponta chanfrada e tinta que não borra.",
      price: 29.9,
      off: 10,
    },
    {
      title: "Fichário Universitário 4 Argolas",
      description: "Fichário com capa dura, elástico e 96 folhas coloridas.",
      price: 64.9,
      unit: "3",
    },
    {
      title: "Régua de Acrílico 30 cm",
      description: "Régua transparente com graduação em centímetros e milímetros.",
      price: 5.9,
    },
    {
      title: "Kit Papelaria Completo - Ensino Fundamental I",
      description: "Todos os itens da lista de papelaria do Ensino Fundamental I em um só pedido, entregue na escola.",
      price: 289.9,
      off: 15,
      unit: "1",
      series: FUND_I,
    },
    {
      title: "Papel Sulfite A4 - Resma 500 Folhas",
      description: "Papel sulfite branco de 75 g para impressões e atividades.",
      price: 34.9,
    },
  ],
  agenda: [
    {
      title: "Agenda Escolar - Educação Infantil",
      description: "Agenda de comunicação entre escola e família, com espaço para recados e bilhetes.",
      price: 38.9,
      series: INFANTIL,
    },
    {
      title: "Agenda Escolar - Ensino Fundamental",
      description: "Agenda com calendário escolar, horário de aulas e páginas para tarefas.",
      price: 42.9,
      off: 10,
      series: FUND,
    },
    {
      title: "Agenda Escolar - Ensino Médio",
      description: "Agenda com planejamento semanal de estudos e calendário de simulados.",
      price: 44.9,
      series: MEDIO,
    },
    {
      title: "Planner do Estudante",
      description: "Planner não datado com metas, hábitos de estudo e controle de notas.",
      price: 54.9,
      off: 15,
      unit: "4",
    },
  ],
  canecas: [
    {
      title: "Caneca de Porcelana Loja Escolar",
      description: "Caneca de porcelana de 325 ml com a marca da rede. Pode ir ao micro-ondas.",
      price: 34.9,
    },
    {
      title: "Caneca Térmica Inox 350 ml",
      description: "Caneca de parede dupla com tampa, mantém a bebida quente ou gelada.",
      price: 69.9,
      off: 10,
    },
    {
      title: "Caneca Infantil de Polipropileno",
      description: "Caneca inquebrável com alça larga e estampa dos mascotes da escola.",
      price: 19.9,
    },
    {
      title: "Caneca dos Formandos",
      description: "Caneca personalizada com o nome da turma de formandos.",
      price: 39.9,
      off: 5,
      unit: "5",
      series: ["EF09", "EM03"],
    },
  ],
  squeezes: [
    {
      title: "Squeeze de Alumínio 500 ml",
      description: "Squeeze de alumínio com mosquetão e tampa rosqueável, nas cores da escola.",
      price: 39.9,
      off: 10,
    },
    {
      title: "Squeeze Plástico Infantil 400 ml",
      description: "Squeeze livre de BPA com canudo retrátil, fácil de abrir.",
      price: 24.9,
    },
    {
      title: "Garrafa Térmica Inox 750 ml",
      description: "Garrafa de parede dupla que mantém a água gelada por até 12 horas.",
      price: 89.9,
      off: 15,
      unit: "3",
    },
  ],
  mochilas: [
    {
      title: "Mochila Escolar com Rodinhas",
      description: "Mochila de carrinho com alça retrátil e bolsos laterais, para os anos iniciais.",
      price: 219.9,
      off: 10,
    },
    {
      title: "Mochila Escolar Infantil Estampada",
      description: "Mochila leve com alças acolchoadas e estampa dos mascotes da escola.",
      price: 129.9,
    },
    {
      title: "Lancheira Térmica Infantil",
      description: "Lancheira com revestimento térmico, porta-garrafa e alça ajustável.",
      price: 64.9,
      off: 5,
    },
  ],
  "colecao-antiga": [
    {
      title: "Camisa Polo Uniforme Antigo",
      description: "Modelo de fardamento substituído pela nova coleção.",
      price: 49.9,
    },
    { title: "Agenda Escolar Edição Anterior", description: "Agenda do ano letivo passado.", price: 19.9 },
  ],
};

/** PARCELAS from the selling price, in the same bands as the cart total (spec §9). */
export function installmentsForPrice(cents: number): number {
  if (cents < 10_000) return 1;
  if (cents < 20_000) return 2;
  if (cents < 30_000) return 3;
  if (cents < 40_000) return 4;
  if (cents < 100_000) return 6;
  return 12;
}

function toProductSeed(categorySlug: string, draft: ProductDraft): ProductSeed {
  const type = TYPE_BY_CATEGORY[categorySlug] ?? "P";
  const slug = slugify(draft.title);
  const priceCents = Math.round(draft.price * 100);
  const salePriceCents = draft.off ? Math.round((priceCents * (100 - draft.off)) / 100) : priceCents;
  const installments = draft.installments ?? installmentsForPrice(salePriceCents);
  const defaultMax =
    priceCents === 0 ? 1 : type === "S" ? (salePriceCents >= 100_000 ? 12 : 10) : type === "M" ? 6 : installments;
  return {
    categorySlug,
    title: draft.title,
    slug,
    description: draft.description,
    image: `/images/products/${slug}.svg`,
    priceCents,
    salePriceCents,
    type,
    installments,
    shift: type === "P" ? null : (draft.shift ?? "Manhã"),
    unitCode: draft.unit ?? "1",
    maxInstallments: draft.maxInstallments ?? Math.max(defaultMax, installments),
    turnYear: draft.turnYear ? 1 : 0,
    schoolYearOffset: draft.nextYear ? 1 : 0,
    series: draft.series ?? [],
  };
}

/** Every demo product, category by category in menu order. */
export const PRODUCTS: readonly ProductSeed[] = CATEGORIES.flatMap((category) =>
  (DRAFTS[category.slug] ?? []).map((draft) => toProductSeed(category.slug, draft)),
);

/** TOTVS item codes are assigned in list order from this number. */
export const FIRST_ITEM_TOTVS_ID = 10001;

export interface BannerSeed {
  /** File name under /images/highlights, without extension. */
  name: string;
  title: string;
  subtitle: string;
  link: string;
}

export const HIGHLIGHT = { id: 1, title: "Destaques da Home" } as const;

export const HIGHLIGHT_BANNERS: readonly BannerSeed[] = [
  {
    name: "material-didatico",
    title: "Material Didático",
    subtitle: "Kits completos por série, com entrega na escola",
    link: "/categoria/material-didatico",
  },
  {
    name: "cursos-extracurriculares",
    title: "Cursos Extracurriculares",
    subtitle: "Robótica, inglês, esportes e artes no contraturno",
    link: "/categoria/cursos",
  },
  {
    name: "fardamento",
    title: "Fardamento Escolar",
    subtitle: "Uniformes para todas as séries com até 15% de desconto",
    link: "/categoria/fardamento",
  },
  {
    name: "excursao-ricardo-brennand",
    title: "Excursão ao Instituto Ricardo Brennand",
    subtitle: "Aula de campo com arte e história. Vagas limitadas!",
    link: "/produto/eventos/excursao-ao-instituto-ricardo-brennand",
  },
];

export const highlightImage = (banner: BannerSeed) => `/images/highlights/${banner.name}.svg`;
