/** Constants of the users area: no zod here, so the web's first load stays small. */

export const functionKeys = ['notice', 'schedule', 'body_measurement', 'event'] as const;
