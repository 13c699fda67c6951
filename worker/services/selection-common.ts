/** Shared by the course-selection catalogue's services (selection-subjects, -teachers, -periods). */

/** Now, as the catalogue stores it: ISO 8601 UTC. */
export const now = () => new Date().toISOString();

/** Keeps only the keys whose value is defined: an omitted PUT field leaves its column as stored at write time. */
export const defined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
