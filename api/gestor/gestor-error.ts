/** A gestor action that cannot be done as asked; its message is for the gestor. */
export class GestorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GestorError";
  }
}
