// Length limits of the account forms, free of zod so the browser bundle of a form page stays small.
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_NAME_LENGTH = 120;
export const MAX_PHONE_LENGTH = 30;
export const MAX_ADDRESS_LENGTH = 200;
