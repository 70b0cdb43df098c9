/**
 * The consent a responsible adult gives before the store keeps a child's data (LGPD art. 14,
 * docs/decisions/0013), by version. A changed text gets a new version and the old ones stay
 * here: a stored consent (student_consents.text_version) always names the words accepted.
 */
export const STUDENT_CONSENT_TEXTS = {
  "1":
    "Sou responsável legal por este estudante (ou tenho autorização de quem é) e autorizo a Loja Escolar a guardar " +
    "os dados dele que informo ou que a escola já tem: nome, RA, data de nascimento, CPF, contato, endereço, " +
    "unidade e responsáveis. Eles servem apenas para vincular o estudante à minha conta, separar e entregar as " +
    "compras feitas para ele e emitir os comprovantes; não são usados para publicidade nem repassados a ninguém além " +
    "da escola e do meio de pagamento. Ficam guardados enquanto o vínculo existir e pelo prazo que a lei exige " +
    "para as vendas, e posso pedir para vê-los, corrigi-los ou apagá-los a qualquer momento, como explica a " +
    "Política de Privacidade.",
} as const;
export type StudentConsentVersion = keyof typeof STUDENT_CONSENT_TEXTS;

/**
 * The checkbox's label for each version: one sentence, with the whole text a click away beside
 * it (issue 25 point 4). What is accepted, and kept, is the whole text of that version.
 */
export const STUDENT_CONSENT_SUMMARIES: Record<StudentConsentVersion, string> = {
  "1": "Sou responsável por este estudante e autorizo a Loja Escolar a guardar os dados dele para as compras.",
};

/** The version the forms show and the store API accepts today. */
export const STUDENT_CONSENT_VERSION: StudentConsentVersion = "1";
