import { startStandalone } from 'shared-ui/standalone';
import App from './App';

// The in-memory registration exists only on the development server.
void (async () => {
  const mockResponders =
    process.env.NODE_ENV === 'development' ? (await import('./dev-mocks')).signupMockResponders : {};
  await startStandalone({ App, mockResponders });
})();
