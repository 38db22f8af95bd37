import { startStandalone } from 'shared-ui/standalone';
import App from './App';

// Developing the calculator alone: the catalogue comes from the shared mocks, and a waitlist
// request is accepted (the real function is exercised by the contract and e2e tests).
void startStandalone({ App, mockResponders: { 'send-waitlist-email': () => ({ success: true }) } });
