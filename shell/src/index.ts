import { nextTask } from './remotes/next-task';

// Async boundary: shared singletons are negotiated before any app code runs. In a task of its
// own, so evaluating the federation runtime and loading the app are not one long task.
void nextTask().then(() => import('./bootstrap'));
