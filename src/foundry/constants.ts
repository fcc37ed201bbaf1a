/** The system id, as in system.json. */
export const SYSTEM_ID = 'passe-d-armes';
/** Root folder of the system's files once installed. */
export const SYSTEM_PATH = `systems/${SYSTEM_ID}`;
/** Path of a template under templates/. */
export const templatePath = (relative: string): string => `${SYSTEM_PATH}/templates/${relative}`;
