/**
 * Names shared by the server's HTML shell, its responses and the web client. Kept apart from the zod
 * schemas so the web's first bundle can use them without loading zod.
 */

/** Header carrying a fresh CSRF token on a response (spec §7: "a token in a response header updates the meta tag"). */
export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_INVALID_HEADER = 'x-csrf-invalid';
export const LOGIN_REQUIRED_HEADER = 'x-login';

/** `<script id="boot-data" type="application/json">` in index.html (see BootDataSchema). */
export const BOOT_DATA_ELEMENT_ID = 'boot-data';
/** `<meta name="csrf-token">` in index.html. */
export const CSRF_META_NAME = 'csrf-token';
