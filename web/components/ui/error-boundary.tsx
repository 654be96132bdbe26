import { Component, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** What shows instead of children that failed to render; `reset` renders them anew. */
  fallback(error: unknown, reset: () => void): ReactNode;
  onError?(error: unknown): void;
  /** A change of any of these after a failure renders the children anew (a new address, say). */
  resetKeys?: readonly unknown[];
}

interface ErrorBoundaryState {
  failed: boolean;
  error: unknown;
}

const keysChanged = (before: readonly unknown[] = [], after: readonly unknown[] = []) =>
  before.length !== after.length || before.some((key, index) => !Object.is(key, after[index]));

/**
 * React's own error boundary (only a class component can be one), with a reset and reset keys.
 * Written here rather than taken from react-error-boundary: the root boundary is in the
 * dashboard's first load, whose weight has a budget, and this is all of it we used.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false, error: undefined };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { failed: true, error };
  }

  override componentDidCatch(error: unknown) {
    this.props.onError?.(error);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps) {
    if (this.state.failed && keysChanged(previous.resetKeys, this.props.resetKeys)) this.reset();
  }

  reset = () => this.setState({ failed: false, error: undefined });

  override render() {
    return this.state.failed ? this.props.fallback(this.state.error, this.reset) : this.props.children;
  }
}
