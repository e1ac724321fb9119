import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorView } from '@home-energy/shared';

/**
 * docs/product.md §2: a client render error outside any remote slot shows the full-page error view with code
 * CLIENT_SIDE.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('[shell] render error', error, info.componentStack);
  }
  render() {
    return this.state.failed ? <ErrorView code="CLIENT_SIDE" /> : this.props.children;
  }
}
