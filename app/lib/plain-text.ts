/**
 * NUL is the one character a browser's form can send that PostgreSQL cannot keep in a text column
 * (it answers with an error, which would be a 500). JSON bodies are checked once in readJsonBody;
 * the page forms' free-text fields refine with this.
 */
export const hasNoNul = (value: string) => !value.includes("\u0000");
export const nulMessage = "Remove the invisible control characters from this field";
