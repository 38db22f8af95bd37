/** Where the gateway serves the functions. Apart from the contracts, which load on first call. */
export const FUNCTIONS_BASE_PATH = '/functions/v1';
