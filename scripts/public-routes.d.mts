/** Every public route in both languages (scripts/public-routes.mjs). */
export declare const PUBLIC_ROUTES: readonly string[];
