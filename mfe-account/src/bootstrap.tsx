import { startStandalone } from 'shared-ui/standalone';
import App from './App';

// Developed alone (`npm run dev -w mfe-account`): the account's calls are not mocked, so sign-in and
// the tenancies need the functions service, as through the gateway (`npm run dev`).
void startStandalone({ App });
