/**
 * Spec §7 student and responsible calls (spec §3 "Student link", new student and
 * responsible payloads). The field rules are core/validation/student-fields.ts.
 */
import { z } from "zod";
import { cellPhoneField, cpfField, emailField, nameField } from "#core/validation/customer-fields.ts";
import {
  consentVersionField,
  portugueseAddressFields,
  raField,
  relationshipField,
  studentFields as student,
} from "#core/validation/student-fields.ts";
import { endpoint } from "./endpoint.ts";
import { ownCustomerId, ownStoreId } from "./fields.ts";

export const STUDENT_NOT_FOUND = "Estudante não encontrado.";
/**
 * Linking by RA needs the student's birth date too (docs/decisions/0013). A wrong pair and an
 * unknown RA answer alike: the reply never tells which of the two was wrong.
 */
export const LINK_PROOF_MISMATCH = "RA ou data de nascimento não conferem.";
export const LINK_TOO_MANY_FAILURES =
  "Muitas tentativas que não conferiram. Confira o RA e a data de nascimento com a secretaria da escola e tente novamente daqui a 15 minutos.";
export const LINK_BLOCKED =
  "Por segurança, a vinculação por RA foi bloqueada nesta conta por até 24 horas, depois de muitas tentativas que não conferiram. Se precisar de ajuda, procure a secretaria da escola.";
export const ALREADY_LINKED = "Este estudante já está vinculado à sua conta.";
export const LINK_NOT_FOUND = "Vínculo não encontrado.";

/**
 * An enrolment (spec §3 `schoolYears`). The grade fields (issue 27) are optional: a school's own
 * API that lacks them still matches (docs/decisions/0026). codgrade is a grade of spec §7's series
 * call; CURSO and HABILITACAO its names, TURMA the class, TURNO the shift.
 */
const gradeField = z.string().nullable().optional();
export const studentSchoolYear = z.object({
  CODPERLET: z.string(),
  CODCOLIGADA: z.string(),
  deletedAt: z.string().nullable(),
  codgrade: gradeField,
  CURSO: gradeField,
  HABILITACAO: gradeField,
  TURMA: gradeField,
  TURNO: gradeField,
});
export type StudentSchoolYear = z.infer<typeof studentSchoolYear>;

/** A school unit the student attends (from the units list, by CODCOLIGADA). */
const studentAffiliate = z.object({ CODCOLIGADA: z.string(), name: z.string(), id: z.string() });
export type StudentAffiliate = z.infer<typeof studentAffiliate>;

/** A responsible person. parentesco: 9 guardian, 7 mother, anything else father. */
const responsible = z.object({
  id: z.string(),
  nome: z.string(),
  cpf: z.string(),
  email: z.string(),
  telefone1: z.string(),
  parentesco: z.number(),
  cep: z.string().nullable(),
  cidade: z.string().nullable(),
  estado: z.string().nullable(),
  bairro: z.string().nullable(),
  rua: z.string().nullable(),
  numero: z.string().nullable(),
});
export type Responsible = z.infer<typeof responsible>;

const studentShape = {
  id: z.string(),
  nome: z.string(),
  /** Enrollment number; null for a student created before enrolment. */
  RA: z.string().nullable(),
  cpf: z.string().nullable(),
  email: z.string().nullable(),
  telefone1: z.string().nullable(),
  cep: z.string().nullable(),
  rua: z.string().nullable(),
  numero: z.string().nullable(),
  bairro: z.string().nullable(),
  cidade: z.string().nullable(),
  estado: z.string().nullable(),
  naturalidade: z.string().nullable(),
  estadonatal: z.string().nullable(),
  turno: z.string().nullable(),
  schoolYears: z.array(studentSchoolYear),
  Affiliates: z.array(studentAffiliate),
  Responsibles: z.array(responsible),
};
const studentSchema = z.object(studentShape);
export type Student = z.infer<typeof studentSchema>;

/** One of the customer's linked students: id is the link's id. */
export const studentLink = z.object({ id: z.string(), studentId: z.string(), student: studentSchema });
export type StudentLink = z.infer<typeof studentLink>;

const studentsReply = z.object({ students: z.array(studentLink) });
const studentLinkReply = z.object({ student: studentLink });
/** The new student, already linked (linkId). */
const createdStudentReply = z.object({ student: z.object({ ...studentShape, linkId: z.string() }) });
const responsibleReply = z.object({ responsible });
/** The link that ended. */
const removedLinkReply = z.object({ link: z.object({ id: z.string(), studentId: z.string(), deletedAt: z.string() }) });
export type StudentsReply = z.infer<typeof studentsReply>;
export type StudentLinkReply = z.infer<typeof studentLinkReply>;
export type CreatedStudentReply = z.infer<typeof createdStudentReply>;
export type ResponsibleReply = z.infer<typeof responsibleReply>;
export type RemovedLinkReply = z.infer<typeof removedLinkReply>;

/** The fixed values every new student gets (spec §3 and §9), whatever the payload says. */
export const NEW_STUDENT_DEFAULTS = {
  nacionalidade: "10",
  estadocivil: "S",
  sexo: "X",
  pais: "Brasil",
  complemento: "Não informado",
} as const;

/** Spec §3 "New student payload", storeId and customerId aside. */
export const newStudentFields = {
  nome: student.name,
  dtnascimento: student.birthDate,
  estadonatal: student.birthState,
  naturalidade: student.birthCity,
  cpf: student.cpf,
  cep: student.zipcode,
  rua: student.street,
  numero: student.houseNumber,
  bairro: student.neighborhood,
  estado: student.state,
  cidade: student.city,
  email: student.email,
  telefone1: student.phone,
};
export type NewStudentData = z.output<z.ZodObject<typeof newStudentFields>>;

// Typed for clients that send them; never read: the API stores NEW_STUDENT_DEFAULTS.
const fixedField = z.custom<string>().optional();

const newStudentBody = z.object({
  storeId: ownStoreId,
  customerId: ownCustomerId,
  ...newStudentFields,
  /** Beyond spec §7 (docs/decisions/0013): the version of the consent text the adult accepted. */
  consentVersion: consentVersionField,
  nacionalidade: fixedField,
  estadocivil: fixedField,
  sexo: fixedField,
  pais: fixedField,
  complemento: fixedField,
});
export type NewStudentPayload = z.input<typeof newStudentBody>;

/**
 * The responsible person (spec §3, wizard step "Responsavel"): e-mail and phone required,
 * phone with 11 digits ("Telefone Incompleto"), CPF "CPF Inválido".
 */
export const responsibleFields = {
  nome: nameField,
  cpf: cpfField,
  email: emailField,
  telefone1: cellPhoneField,
  parentesco: relationshipField,
  ...portugueseAddressFields,
};
export type ResponsibleData = z.output<z.ZodObject<typeof responsibleFields>>;

/** The responsible payload names the customer clientId (spec §3). */
const responsibleBody = z.object({
  storeId: ownStoreId,
  clientId: ownCustomerId,
  studentId: z
    .string({ message: STUDENT_NOT_FOUND })
    .trim()
    .min(1, { message: STUDENT_NOT_FOUND })
    .max(64, { message: STUDENT_NOT_FOUND }),
  ...responsibleFields,
});
export type ResponsiblePayload = z.input<typeof responsibleBody>;

export const students = {
  listStudents: endpoint({
    method: "GET",
    path: "/students/list-students-by-customer/:customerId/store/:storeId",
    reply: studentsReply,
  }),
  addStudentByRA: endpoint({
    method: "POST",
    path: "/students/add-student-to-customer",
    // Beyond spec §7 (docs/decisions/0013): the birth date proves the link, and the consent is kept.
    body: z.object({
      storeId: ownStoreId,
      customerId: ownCustomerId,
      RA: raField,
      dtnascimento: student.birthDate,
      consentVersion: consentVersionField,
    }),
    reply: studentLinkReply,
  }),
  createEmptyStudent: endpoint({
    method: "POST",
    path: "/students/create-empty-student",
    body: newStudentBody,
    reply: createdStudentReply,
  }),
  createResponsible: endpoint({
    method: "POST",
    path: "/responsibles/create-responsible",
    body: responsibleBody,
    reply: responsibleReply,
  }),
  removeStudentLink: endpoint({
    method: "POST",
    path: "/students/soft-delete-link-student-to-customer/:linkId/student/:studentId/customer/:customerId/store/:storeId",
    reply: removedLinkReply,
  }),
  /** "Sou Aluno": the customer as a student, linked (idempotent). */
  alreadyStudent: endpoint({
    method: "POST",
    path: "/students/already-student/:customerId/store/:storeId",
    reply: studentLinkReply,
  }),
};
