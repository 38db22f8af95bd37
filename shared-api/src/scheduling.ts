// Apart from the site schema: the browser code that loads the scheduling popup needs only this
// origin, and importing the schema would build it (and bundle zod) in every remote.

/** Host of the scheduling popup's script and stylesheet (Calendly's embed). */
export const SCHEDULING_ASSETS_ORIGIN = 'https://assets.calendly.com';
