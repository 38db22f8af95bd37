// Invoker Commands (HTML): a button opens or closes a dialog by itself, before any script has
// run. React passes the attributes through; its types do not list them yet.
import 'react';

declare module 'react' {
  interface ButtonHTMLAttributes<T> {
    command?: 'show-modal' | 'close' | 'request-close';
    commandfor?: string;
  }
}
