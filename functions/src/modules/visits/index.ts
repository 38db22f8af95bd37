/** The visits module's public face: what other modules and the HTTP layer may use. */
export { bookVisit, cancelVisit, confirmVisit, visitJobs } from './book';
export { visitCancelledNotice } from './messages';
export { bookedCounts, closedDates, loadRules } from './records';
export { bookableDays } from './slots';
export { cancelVisitByStaff, cancelVisitsByStaff, setClosedDate, setVisitRules, visitsBetween } from './staff-desk';
