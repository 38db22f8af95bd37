/** A federation name: a JS identifier in lower case (the inlined registry's check and its schema's). */
export const REMOTE_NAME = /^[a-z][a-z0-9_]*$/;
