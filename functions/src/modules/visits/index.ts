/** The visits module's public face: what other modules and the HTTP layer may use. */
export { bookVisit, confirmVisit, visitJobs, visitTimes } from './book';
export type { LinkedVisit } from './by-link';
export { cancelByLink, confirmByLink, visitOfLink } from './by-link';
export { bookedCounts, closedDates, loadRules } from './records';
export { bookableDays } from './slots';
export { cancelVisitByStaff, cancelVisitsByStaff, setClosedDate, setVisitRules, visitsBetween } from './staff-desk';
