import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ERROR_PAGE } from '../../../common/spec';
import { retryFailedLoads } from '../../lib/lazyComponent';
import { ERROR_TEXTS, ErrorPage } from './ErrorPage';
import { isChunkLoadError } from './isChunkLoadError';

interface Props {
  children: ReactNode;
  /** Changing it (the location) clears a shown error, so navigating away recovers. */
  resetKey?: string;
}

interface State {
  error: unknown;
  key: string | undefined;
}

/**
 * Catches render errors of a route. A failed chunk load gets a Retry that re-imports the chunk
 * (React.lazy would otherwise keep the rejected promise forever); anything else gets the generic
 * error page, also with Retry.
 */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error(ERROR_TEXTS.unknown) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.key) return { error: null, key: props.resetKey };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Route failed to render', error, info.componentStack);
  }

  private retry = () => {
    retryFailedLoads();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const detail = isChunkLoadError(error) ? ERROR_PAGE.chunkFailed : error instanceof Error ? error.message : String(error);
    return <ErrorPage detail={detail} onRetry={this.retry} />;
  }
}
