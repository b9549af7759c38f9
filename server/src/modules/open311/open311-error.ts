/** A refusal in the standard's terms: an HTTP status (400, 403, 404) and a description. */
export class Open311Error extends Error {
  constructor(
    readonly status: 400 | 403 | 404,
    description: string,
  ) {
    super(description);
    this.name = 'Open311Error';
  }
}

export const badRequest = (description: string) => new Open311Error(400, description);
export const forbidden = (description: string) => new Open311Error(403, description);
export const notFound = (description: string) => new Open311Error(404, description);
