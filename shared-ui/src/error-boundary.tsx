import { Component, type ErrorInfo, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  /** Says in the console what failed, e.g. `[shell] remote "calculator"`. */
  label: string;
  /** What stands in place of the children once they failed (a message, often with Retry). */
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * Keeps a failure (code that could not be fetched, or a render that threw) inside one part of
 * the page. It does not retry itself: the owner gives the children a fresh start by changing the
 * boundary's `key`, because what failed (a lazy component, whose failure React keeps for good)
 * is the owner's to replace.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`${this.props.label} failed`, error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
