import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  name: string;
  fallback: ReactNode;
  children: ReactNode;
}

/** Keeps a remote's failure (load or render) inside its own slot. */
export class RemoteErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`[shell] remote "${this.props.name}" failed`, error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
