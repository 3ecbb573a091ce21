/** A refused administrative action (unknown org, bad email, key already rotated…): the CLI prints it as one line. */
export class IdentityError extends Error {
  override name = "IdentityError";
}
