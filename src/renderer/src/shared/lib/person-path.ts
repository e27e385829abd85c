/** A person's page (docs/specification.md §2.1): by their opaque id, never an email. */
export const personPath = (personId: string): string => `/people/${encodeURIComponent(personId)}`
