import { startStandalone } from 'shared-ui/standalone';
import App from './App';

void startStandalone({ App });
